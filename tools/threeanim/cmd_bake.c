/* `threeanim bake FILE`: the pose of every driven property at each frame,
 * through the mixer, as CSV, JSON or JSON lines. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bake.h"
#include "bake_extras.h"
#include "bake_args.h"
#include "bake_matrices.h"
#include "cli.h"
#include "cli_out.h"
#include "cli_target.h"
#include "progress.h"

void cli_bake_help(FILE *out)
{
    fputs("usage: threeanim bake FILE [--clip NAME | --all] [--fps N] [--format csv|json|jsonl]\n"
          "                      [--cross-fade-to NAME [--at S] [--over S] [--warp]]\n"
          "                      [--loop once|repeat|pingpong] [--seconds S] [--root-motion NODE]\n"
          "                      [--blend-with NAME [--sync]] [--ik S,M,E] [--aim NODE] [--ik-target X,Y,Z]\n"
          "                      [-o OUT]\n"
          "       threeanim bake FILE --world --skinning --format jsonl [the options above]\n"
          "\n"
          "Plays a clip of FILE (glTF .gltf/.glb or three.js Object JSON) through the mixer, as an\n"
          "application would: update(0), then update(1/fps) per frame, and prints the value of\n"
          "every property the clip drives after each update.\n"
          "\n"
          "  --clip NAME         the clip to play (default: the file's first clip)\n"
          "  --all               every clip, each from the rest pose\n"
          "  --fps N             frames a second (default 30); frames run from 0 to the first\n"
          "                      frame at or past the end\n"
          "  --format F          csv (default: a header row, then one row per frame; vectors\n"
          "                      take one column per number; with a cross-fade, each action's\n"
          "                      clip time and weight too), json (one document: per run, the\n"
          "                      times, the actions and each property's values), jsonl (one\n"
          "                      object per frame)\n"
          "  --blend-with B      play B beside the clip from the start, their weights from a 1D\n"
          "                      blend space (the clip at 0, B at 1) over a parameter from 0 at\n"
          "                      the first frame to 1 at the last (default length: the longer\n"
          "                      clip's); --sync keeps them in one phase (a sync group by\n"
          "                      normalised time). Each action's clip time and weight are listed\n"
          "  --ik S,M,E          two-bone IK on every frame: nodes S, M, E reach --ik-target X,Y,Z\n"
          "                      (world space), bending about --ik-axis (M's local axis, default\n"
          "                      0,0,1) towards --ik-pole (default 0,1,0)\n"
          "  --aim NODE          aim IK on every frame: NODE's +z turned to --ik-target\n"
          "  --cross-fade-to B   after --at seconds (default: one run of the first clip), play B\n"
          "                      from its start and cross-fade into it over --over seconds\n"
          "                      (default 0.5); --warp also ramps each clip's pace to the other's\n"
          "  --loop MODE         once (held at the end; the default for one clip), repeat (the\n"
          "                      default with a cross-fade) or pingpong\n"
          "  --seconds S         how long to run (default: the clip's duration; with a cross-fade,\n"
          "                      the fade's end plus one run of the second clip)\n"
          "  --max-frames N      refuse to run more frames than N, all runs together (default\n"
          "                      1000000: past any real clip, short of a file that claims a clip\n"
          "                      of days); checked before anything is baked or written\n"
          "  --root-motion NODE  extract NODE's motion (x, z and the turn about y; y stays in the\n"
          "                      pose): each frame gets root_motion [x, y, z, yaw], what the root\n"
          "                      moved during that frame's update\n"
          "  -o OUT              write to OUT (whole, or not at all) instead of standard output\n"
          "  --world             (jsonl only) instead of the properties, every node's world\n"
          "                      matrix: \"world\": {\"<glTF node index>\": [16 numbers]}\n"
          "  --skinning          (jsonl only) every skin's bone matrices, in its joint order:\n"
          "                      \"skins\": {\"<glTF skin index>\": {\"bone_matrices\": [[16], ...]}}\n"
          "                      Matrices are column-major, as three.js's Matrix4.elements;\n"
          "                      three.js JSON files use the scene's node and skin places\n"
          "  --frame-lanes       (with --world or --skinning) the matrices of the last of four\n"
          "                      characters (the scene and three instances of it, in the same\n"
          "                      pose) made by one ta_frame_update_range: the lane pass, where\n"
          "                      this CPU runs AVX2; the same numbers as without\n"
          "  --frame-float-lanes as --frame-lanes, with ta_frame_options.float_lanes: the\n"
          "                      float32 lane pass where this CPU runs AVX2 and FMA; within\n"
          "                      1e-6 of each matrix's largest element of the numbers without\n"
          "\n"
          "Properties are named as three.js paths: hips.position, hips.quaternion,\n"
          "Face.morphTargetInfluences[smile], Bubble.material.opacity (colors in linear RGB).\n"
          "A node goes by its name, or #N (glTF node N) or its uuid when the name is not unique.\n"
          "When the clips carry markers, each frame also lists those its update passed\n"
          "(name, or name*count for whole loops in one frame).\n"
          "A progress bar shows on standard error when it is a terminal and the work is long.\n"
          "csv and jsonl are written as the frames are baked (no frame is held); json, which\n"
          "groups a run's values by property, spills each block of frames to a temporary file\n"
          "(removed at exit) and reads it back by property, so memory stays flat however long\n"
          "the run.\n"
          "\n"
          "Exit status: 0 done; 1 a file that cannot be read or a clip that is not there\n"
          "(the library's message); 2 a usage error.\n",
          out);
}

typedef enum bake_format { FORMAT_CSV, FORMAT_JSON, FORMAT_JSONL } bake_format;

typedef struct column {
    ta_track_target target;
    char label[320];
    uint32_t size; /* numbers per frame; 0 for a text column */
    uint32_t offset;
} column;

/* JSON groups a run's values by property over all its frames: they are
 * baked into a block of this many frames, which goes to a spill file
 * (job->spill) when full, one section per property; the printing reads each
 * section back block by block. Memory stays a block, however long the run. */
#define SPILL_BLOCK 1024u

/* One run. Its arrays hold the frames not yet written: for CSV and JSON
 * lines one frame, printed as soon as it is baked; for JSON a block of
 * SPILL_BLOCK frames, spilled when full. */
typedef struct run {
    char name[520];
    char clip_names[2][256]; /* copies: the model goes before the printing */
    uint32_t frames;      /* baked so far (the run's count once baked) */
    uint32_t held;        /* frames the arrays below hold */
    off_t spill_base;     /* JSON: where the run's first block starts in job->spill */
    double *times;
    double *action_times; /* frames * 2 */
    float *action_weights;
    uint32_t action_counts_max;
    float *values;        /* frames * width */
    char **texts;         /* frames * columns, for text columns */
    bool *present;        /* frames * columns: the target was there to read */
    bake_extras extras;   /* root motion and markers */
} run;

typedef struct bake_job bake_job;
struct bake_job {
    const char *file;
    column *columns;
    uint32_t column_count;
    uint32_t width;
    run *runs;
    uint32_t run_count;
    cli_progress progress;
    run *current;
    bool oom;
    FILE *stream;     /* CSV and JSON lines: each frame goes here once baked */
    bake_format format;
    uint32_t actions; /* CSV: action columns (2 when a run cross-fades) */
    bake_extras flags;    /* which extras the runs carry */
    FILE *spill;          /* JSON: the runs' blocks (tmpfile(), gone at exit) */
    FILE *spill_texts;    /* JSON: the strings the blocks point to, each length-prefixed */
    uint32_t pending;     /* JSON: frames of the current block not yet spilled */
    bool io_error;        /* a spill file could not be written or read back */
};

/* Frees the arrays; the run's name and counts stay (a JSON run's frames are
 * in the spill file by then). */
static void run_free(run *r, uint32_t columns)
{
    if (r->texts != NULL)
        for (size_t i = 0; i < (size_t)r->held * columns; ++i) free(r->texts[i]);
    free(r->texts);
    free(r->present);
    free(r->times);
    free(r->action_times);
    free(r->action_weights);
    free(r->values);
    r->texts = NULL;
    r->present = NULL;
    r->times = NULL;
    r->action_times = NULL;
    r->action_weights = NULL;
    r->values = NULL;
    bake_extras_free(&r->extras);
}

static bool run_alloc(run *r, uint32_t frames, uint32_t width, uint32_t columns)
{
    r->held = frames;
    r->times = calloc(frames, sizeof *r->times);
    r->action_times = calloc((size_t)frames * 2, sizeof *r->action_times);
    r->action_weights = calloc((size_t)frames * 2, sizeof *r->action_weights);
    r->values = calloc((size_t)frames * width + 1, sizeof *r->values);
    r->texts = calloc((size_t)frames * columns + 1, sizeof *r->texts);
    r->present = calloc((size_t)frames * columns + 1, sizeof *r->present);
    return r->times && r->action_times && r->action_weights && r->values && r->texts && r->present;
}

/* ---- the JSON spill ------------------------------------------------------------
 * A block of n frames is written as sections, in this order: the times (n
 * doubles); the actions (2n doubles of clip times, 2n floats of weights);
 * per column, n bytes of presence then n * size floats, or for a text column
 * n string places; with root motion 4n floats; with markers n string places.
 * A string place is the offset of a length-prefixed string in
 * job->spill_texts, or NO_TEXT. Every block but a run's last is full, so a
 * section is found by arithmetic. */

#define NO_TEXT UINT64_MAX

static uint32_t section_count(const bake_job *job)
{
    return job->column_count + 4u; /* times, actions, the columns, root motion, markers */
}

static uint64_t section_bytes(const bake_job *job, uint32_t s, uint64_t n)
{
    if (s == 0) return n * sizeof(double);
    if (s == 1) return n * 2 * (sizeof(double) + sizeof(float));
    if (s < 2 + job->column_count) {
        const column *col = &job->columns[s - 2];
        return n + (col->size ? n * col->size * sizeof(float) : n * sizeof(uint64_t));
    }
    if (s == 2 + job->column_count) return job->flags.root_motion ? n * 4 * sizeof(float) : 0;
    return job->flags.markers ? n * sizeof(uint64_t) : 0;
}

/* Where section s of block b of the run starts, and the block's frames. */
static off_t section_at(const bake_job *job, const run *r, uint32_t b, uint32_t s, uint32_t *n)
{
    uint64_t full = 0;
    for (uint32_t t = 0; t < section_count(job); ++t) full += section_bytes(job, t, SPILL_BLOCK);
    *n = r->frames - b * SPILL_BLOCK < SPILL_BLOCK ? r->frames - b * SPILL_BLOCK : SPILL_BLOCK;
    uint64_t at = (uint64_t)r->spill_base + (uint64_t)b * full;
    for (uint32_t t = 0; t < s; ++t) at += section_bytes(job, t, *n);
    return (off_t)at;
}

/* Writes the string (if any) to the texts file, frees it, and writes its place. */
static void spill_text(bake_job *job, char **text)
{
    uint64_t place = NO_TEXT;
    if (*text != NULL) {
        uint32_t len = (uint32_t)strlen(*text);
        off_t at = ftello(job->spill_texts);
        if (at < 0 || fwrite(&len, sizeof len, 1, job->spill_texts) != 1 ||
            fwrite(*text, 1, len, job->spill_texts) != len)
            job->io_error = true;
        place = (uint64_t)at;
        free(*text);
        *text = NULL;
    }
    if (fwrite(&place, sizeof place, 1, job->spill) != 1) job->io_error = true;
}

/* The block's frames, section by section, to the end of the spill file. */
static bool spill_block(bake_job *job, run *r)
{
    uint32_t n = job->pending, columns = job->column_count;
    FILE *f = job->spill;
    fwrite(r->times, sizeof *r->times, n, f);
    fwrite(r->action_times, sizeof *r->action_times, (size_t)n * 2, f);
    fwrite(r->action_weights, sizeof *r->action_weights, (size_t)n * 2, f);
    for (uint32_t c = 0; c < columns; ++c) {
        const column *col = &job->columns[c];
        for (uint32_t k = 0; k < n; ++k) fputc(r->present[(size_t)k * columns + c] ? 1 : 0, f);
        for (uint32_t k = 0; k < n; ++k) {
            if (col->size == 0) spill_text(job, &r->texts[(size_t)k * columns + c]);
            else fwrite(&r->values[(size_t)k * job->width + col->offset], sizeof(float), col->size, f);
        }
    }
    if (job->flags.root_motion) fwrite(r->extras.root, sizeof(float), (size_t)n * 4, f);
    for (uint32_t k = 0; job->flags.markers && k < n; ++k) spill_text(job, &r->extras.passed[k]);
    job->pending = 0;
    if (ferror(f) || ferror(job->spill_texts)) job->io_error = true;
    return !job->io_error;
}

/* The string at place into *text (NULL for NO_TEXT). */
static bool read_text(bake_job *job, uint64_t place, char **text)
{
    *text = NULL;
    if (place == NO_TEXT) return true;
    uint32_t len = 0;
    if (fseeko(job->spill_texts, (off_t)place, SEEK_SET) != 0 || fread(&len, sizeof len, 1, job->spill_texts) != 1)
        return false;
    *text = malloc((size_t)len + 1);
    if (*text == NULL || fread(*text, 1, len, job->spill_texts) != len) return false;
    (*text)[len] = '\0';
    return true;
}

/* Section s of block b of the run back into the block arrays of into (slots
 * 0 to *n - 1). */
static bool load_section(bake_job *job, const run *r, uint32_t b, uint32_t s, run *into, uint32_t *n)
{
    FILE *f = job->spill;
    if (fseeko(f, section_at(job, r, b, s, n), SEEK_SET) != 0) return false;
    uint32_t columns = job->column_count;
    bool ok = true;
    if (s == 0) {
        ok = fread(into->times, sizeof *into->times, *n, f) == *n;
    } else if (s == 1) {
        ok = fread(into->action_times, sizeof *into->action_times, (size_t)*n * 2, f) == (size_t)*n * 2 &&
             fread(into->action_weights, sizeof *into->action_weights, (size_t)*n * 2, f) == (size_t)*n * 2;
    } else if (s < 2 + columns) {
        uint32_t c = s - 2;
        const column *col = &job->columns[c];
        for (uint32_t k = 0; ok && k < *n; ++k) {
            int byte = fgetc(f);
            ok = byte != EOF;
            into->present[(size_t)k * columns + c] = byte == 1;
        }
        for (uint32_t k = 0; ok && k < *n; ++k) {
            if (col->size != 0) {
                float *dst = &into->values[(size_t)k * job->width + col->offset];
                ok = fread(dst, sizeof *dst, col->size, f) == col->size;
                continue;
            }
            uint64_t place;
            ok = fread(&place, sizeof place, 1, f) == 1;
            off_t back = ftello(f);
            ok = ok && read_text(job, place, &into->texts[(size_t)k * columns + c]);
            ok = ok && back >= 0 && fseeko(f, back, SEEK_SET) == 0;
        }
    } else if (s == 2 + columns) {
        ok = fread(into->extras.root, sizeof(float), (size_t)*n * 4, f) == (size_t)*n * 4;
    } else {
        for (uint32_t k = 0; ok && k < *n; ++k) {
            uint64_t place;
            ok = fread(&place, sizeof place, 1, f) == 1 && read_text(job, place, &into->extras.passed[k]);
        }
    }
    if (!ok) job->io_error = true;
    return ok;
}

static void print_csv_row(FILE *out, const bake_job *job, const run *rn, uint32_t k, uint32_t frame);
static void print_jsonl_row(FILE *out, const bake_job *job, const run *rn, uint32_t k, uint32_t frame);

static bool visit(void *user, const ta_model *model, const bake_frame *f)
{
    bake_job *job = (bake_job *)user;
    run *r = job->current;
    uint32_t k = job->pending; /* 0 unless JSON */
    r->times[k] = f->time;
    for (uint32_t a = 0; a < 2; ++a) {
        r->action_times[2 * k + a] = a < f->action_count ? f->action_time[a] : NAN;
        r->action_weights[2 * k + a] = a < f->action_count ? f->action_weight[a] : NAN;
    }
    if (f->action_count > r->action_counts_max) r->action_counts_max = f->action_count;
    /* A column whose target is not in the model is left empty, not refused. */
    const ta_mixer_targets where = {model->scene, model->assets, model->cameras};
    for (uint32_t c = 0; c < job->column_count; ++c) {
        const column *col = &job->columns[c];
        ta_property_value v;
        bool ok = ta_property_read(&where, col->target, &v, NULL) == TA_OK;
        r->present[(size_t)k * job->column_count + c] = ok;
        if (col->size == 0) {
            if (ok && v.text != NULL) {
                size_t n = strlen(v.text) + 1;
                char *copy = malloc(n);
                if (copy == NULL) {
                    job->oom = true;
                    return false;
                }
                memcpy(copy, v.text, n);
                r->texts[(size_t)k * job->column_count + c] = copy;
            }
            continue;
        }
        float *dst = &r->values[(size_t)k * job->width + col->offset];
        for (uint32_t i = 0; i < col->size; ++i) dst[i] = ok && i < v.count ? v.v[i] : NAN;
    }
    if (!bake_extras_visit(&r->extras, f, k)) {
        job->oom = true;
        return false;
    }
    cli_progress_step(&job->progress);
    if (job->stream != NULL) {
        if (job->format == FORMAT_CSV) print_csv_row(job->stream, job, r, 0, f->index);
        else print_jsonl_row(job->stream, job, r, 0, f->index);
        for (uint32_t c = 0; c < job->column_count; ++c) {
            free(r->texts[c]);
            r->texts[c] = NULL;
        }
        if (r->extras.passed != NULL) {
            free(r->extras.passed[0]); /* the frame's markers, printed */
            r->extras.passed[0] = NULL;
        }
        cli_progress_step(&job->progress);
        return true;
    }
    r->frames++;
    if (++job->pending == r->held) return spill_block(job, r);
    return true;
}

/* ---- printing ------------------------------------------------------------------- */

static void csv_number(FILE *out, double v)
{
    if (isfinite(v)) cli_print_float(out, v);
}

static void print_csv_header(FILE *out, const bake_job *job)
{
    fputs("clip,frame,time", out);
    for (uint32_t a = 0; a < job->actions; ++a) fprintf(out, ",action%u.time,action%u.weight", a, a);
    for (uint32_t c = 0; c < job->column_count; ++c) {
        const column *col = &job->columns[c];
        for (uint32_t i = 0; i < (col->size ? col->size : 1); ++i) {
            char name[400];
            if (col->size > 1)
                snprintf(name, sizeof name, "%s.%s", col->label, cli_component_name(col->target.kind, i));
            else
                snprintf(name, sizeof name, "%s", col->label);
            fputc(',', out);
            cli_print_csv_field(out, name);
        }
    }
    bake_extras_csv_header(out, &job->flags);
    fputc('\n', out);
}

/* Slot k of the run, printed as frame number frame. */
static void print_csv_row(FILE *out, const bake_job *job, const run *rn, uint32_t k, uint32_t frame)
{
    cli_print_csv_field(out, rn->name);
    fprintf(out, ",%u,", frame);
    csv_number(out, rn->times[k]);
    for (uint32_t a = 0; a < job->actions; ++a) {
        fputc(',', out);
        csv_number(out, rn->action_times[2 * k + a]);
        fputc(',', out);
        csv_number(out, rn->action_weights[2 * k + a]);
    }
    for (uint32_t c = 0; c < job->column_count; ++c) {
        const column *col = &job->columns[c];
        if (col->size == 0) {
            fputc(',', out);
            const char *t = rn->texts[(size_t)k * job->column_count + c];
            if (t != NULL) cli_print_csv_field(out, t);
            continue;
        }
        for (uint32_t i = 0; i < col->size; ++i) {
            fputc(',', out);
            csv_number(out, rn->values[(size_t)k * job->width + col->offset + i]);
        }
    }
    bake_extras_csv_row(out, &rn->extras, k);
    fputc('\n', out);
}

static void json_value(FILE *out, const bake_job *job, const run *rn, uint32_t k, uint32_t c)
{
    const column *col = &job->columns[c];
    if (!rn->present[(size_t)k * job->column_count + c]) {
        fputs("null", out);
        return;
    }
    if (col->size == 0) {
        const char *t = rn->texts[(size_t)k * job->column_count + c];
        if (t == NULL) fputs("null", out);
        else cli_print_json_string(out, t);
        return;
    }
    const float *v = &rn->values[(size_t)k * job->width + col->offset];
    ta_value_type type = ta_track_kind_value_type(col->target.kind);
    if (type == TA_VALUE_TYPE_FLAG) {
        fputs(v[0] != 0 ? "true" : "false", out);
        return;
    }
    if (col->size == 1) {
        cli_print_float(out, v[0]);
        return;
    }
    fputc('[', out);
    for (uint32_t i = 0; i < col->size; ++i) {
        if (i) fputs(", ", out);
        cli_print_float(out, v[i]);
    }
    fputc(']', out);
}

static void print_actions_json(FILE *out, const run *rn, uint32_t k)
{
    fputc('[', out);
    for (uint32_t a = 0; a < 2; ++a) {
        if (isnan(rn->action_times[2 * k + a])) continue;
        if (a) fputs(", ", out);
        fputs("{\"clip\": ", out);
        cli_print_json_string(out, rn->clip_names[a]);
        fputs(", \"time\": ", out);
        cli_print_float(out, rn->action_times[2 * k + a]);
        fputs(", \"weight\": ", out);
        cli_print_float(out, rn->action_weights[2 * k + a]);
        fputc('}', out);
    }
    fputc(']', out);
}

static void print_jsonl_row(FILE *out, const bake_job *job, const run *rn, uint32_t k, uint32_t frame)
{
    fputs("{\"clip\": ", out);
    cli_print_json_string(out, rn->name);
    fprintf(out, ", \"frame\": %u, \"time\": ", frame);
    cli_print_float(out, rn->times[k]);
    fputs(", \"actions\": ", out);
    print_actions_json(out, rn, k);
    fputs(", \"values\": {", out);
    for (uint32_t c = 0; c < job->column_count; ++c) {
        if (c) fputs(", ", out);
        cli_print_json_string(out, job->columns[c].label);
        fputs(": ", out);
        json_value(out, job, rn, k, c);
    }
    fputc('}', out);
    bake_extras_jsonl(out, &rn->extras, k);
    fputs("}\n", out);
}

/* One frame's item of a section of the JSON (slot k of a block read back). */
typedef void (*frame_item)(FILE *out, const bake_job *job, const run *block, uint32_t k, uint32_t arg);

static void item_time(FILE *out, const bake_job *job, const run *block, uint32_t k, uint32_t arg)
{
    (void)job, (void)arg;
    cli_print_float(out, block->times[k]);
}

static void item_action_time(FILE *out, const bake_job *job, const run *block, uint32_t k, uint32_t a)
{
    (void)job;
    cli_print_float(out, block->action_times[2 * k + a]);
}

static void item_action_weight(FILE *out, const bake_job *job, const run *block, uint32_t k, uint32_t a)
{
    (void)job;
    cli_print_float(out, block->action_weights[2 * k + a]);
}

static void item_root(FILE *out, const bake_job *job, const run *block, uint32_t k, uint32_t arg)
{
    (void)job, (void)arg;
    bake_extras_json_root(out, &block->extras, k);
}

static void item_markers(FILE *out, const bake_job *job, const run *block, uint32_t k, uint32_t arg)
{
    (void)job, (void)arg;
    bake_extras_json_markers(out, &block->extras, k);
}

/* Section s of the run, every frame, ", " between: read back a block at a
 * time into block. */
static bool print_section(FILE *out, bake_job *job, const run *r, uint32_t s, run *block, frame_item item, uint32_t arg)
{
    uint32_t columns = job->column_count;
    for (uint32_t b = 0; (uint64_t)b * SPILL_BLOCK < r->frames; ++b) {
        uint32_t n = 0;
        if (!load_section(job, r, b, s, block, &n)) return false;
        for (uint32_t k = 0; k < n; ++k) {
            if (b || k) fputs(", ", out);
            item(out, job, block, k, arg);
        }
        /* the strings read back, freed once printed */
        for (uint32_t k = 0; s >= 2 && s < 2 + columns && k < n; ++k) {
            free(block->texts[(size_t)k * columns + s - 2]);
            block->texts[(size_t)k * columns + s - 2] = NULL;
        }
        for (uint32_t k = 0; s == 3 + columns && k < n; ++k) {
            free(block->extras.passed[k]);
            block->extras.passed[k] = NULL;
        }
    }
    return true;
}

/* The JSON document, each run's sections read back from the spill file.
 * false: out of memory or a spill file that could not be read back. */
static bool print_json(FILE *out, bake_job *job, double fps)
{
    fputs("{\n  \"file\": ", out);
    cli_print_json_string(out, job->file);
    fputs(",\n  \"fps\": ", out);
    cli_print_float(out, fps);
    fputs(",\n  \"properties\": [", out);
    for (uint32_t c = 0; c < job->column_count; ++c) {
        const column *col = &job->columns[c];
        fputs(c ? ",\n    " : "\n    ", out);
        fputs("{\"path\": ", out);
        cli_print_json_string(out, col->label);
        fprintf(out, ", \"kind\": \"%s\", \"size\": %u}", ta_track_kind_name(col->target.kind), col->size ? col->size : 1);
    }
    fputs("\n  ],\n  \"runs\": [", out);
    run block;
    memset(&block, 0, sizeof block);
    block.extras = job->flags;
    bool ok = run_alloc(&block, SPILL_BLOCK, job->width, job->column_count) &&
              bake_extras_alloc(&block.extras, SPILL_BLOCK);
    for (uint32_t r = 0; ok && r < job->run_count; ++r) {
        const run *rn = &job->runs[r];
        fputs(r ? ",\n    {" : "\n    {", out);
        fputs("\"name\": ", out);
        cli_print_json_string(out, rn->name);
        fprintf(out, ", \"frames\": %u,\n      \"times\": [", rn->frames);
        ok = print_section(out, job, rn, 0, &block, item_time, 0);
        fputs("],\n      \"actions\": [", out);
        for (uint32_t a = 0; ok && a < rn->action_counts_max; ++a) {
            fputs(a ? ", {\"clip\": " : "{\"clip\": ", out);
            cli_print_json_string(out, rn->clip_names[a]);
            fputs(", \"times\": [", out);
            ok = print_section(out, job, rn, 1, &block, item_action_time, a);
            fputs("], \"weights\": [", out);
            ok = ok && print_section(out, job, rn, 1, &block, item_action_weight, a);
            fputs("]}", out);
        }
        fputs("],\n      \"values\": {", out);
        for (uint32_t c = 0; ok && c < job->column_count; ++c) {
            fputs(c ? ",\n        " : "\n        ", out);
            cli_print_json_string(out, job->columns[c].label);
            fputs(": [", out);
            ok = print_section(out, job, rn, 2 + c, &block, json_value, c);
            fputc(']', out);
        }
        cli_progress_add(&job->progress, rn->frames);
        fputs("\n      }", out);
        if (ok && job->flags.root_motion) {
            fputs(",\n      \"root_motion\": [", out);
            ok = print_section(out, job, rn, 2 + job->column_count, &block, item_root, 0);
            fputc(']', out);
        }
        if (ok && job->flags.markers) {
            fputs(",\n      \"markers\": [", out);
            ok = print_section(out, job, rn, 3 + job->column_count, &block, item_markers, 0);
            fputc(']', out);
        }
        fputc('}', out);
    }
    fputs("\n  ]\n}\n", out);
    run_free(&block, job->column_count);
    return ok;
}

/* ---- the command ------------------------------------------------------------------- */

static int out_of_memory(void)
{
    fprintf(stderr, "threeanim bake: out of memory\n");
    return CLI_REFUSED;
}

static int spill_failed(void)
{
    fprintf(stderr, "threeanim bake: the JSON's temporary file could not be made, written or read back"
                    " (is the disk of the temporary folder full?)\n");
    return CLI_REFUSED;
}

static int prepare_columns(bake_job *job, const ta_model *model, const bake_plan *plans, uint32_t plan_count)
{
    ta_error err = {0};
    ta_track_target *targets = NULL;
    uint32_t count = 0;
    if (bake_targets(model, plans, plan_count, &targets, &count, &err) != TA_OK) return cli_refuse("bake", job->file, &err);
    cli_names names;
    if (cli_names_init(&names, model, &err) != TA_OK) {
        free(targets);
        return cli_refuse("bake", job->file, &err);
    }
    job->columns = calloc(count + 1u, sizeof *job->columns);
    if (job->columns == NULL) {
        free(targets);
        cli_names_free(&names);
        fprintf(stderr, "threeanim bake: out of memory\n");
        return CLI_REFUSED;
    }
    job->column_count = count;
    job->width = 0;
    for (uint32_t c = 0; c < count; ++c) {
        column *col = &job->columns[c];
        col->target = targets[c];
        cli_target_label(&names, targets[c], col->label, sizeof col->label);
        col->size = ta_track_kind_value_type(targets[c].kind) == TA_VALUE_TYPE_STRING ? 0 : ta_track_kind_value_size(targets[c].kind);
        col->offset = job->width;
        job->width += col->size;
    }
    free(targets);
    cli_names_free(&names);
    return CLI_OK;
}

int cli_bake(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_bake_help(stdout);
        return CLI_OK;
    }
    bake_args b;
    bake_args_init(&b);
    const char *file = NULL, *output = "-", *format_name = "csv";
    bool world = false, skinning = false, lanes = false, float_lanes = false;
    cli_argv a = {argc, argv, 1};
    while (a.i < a.argc) {
        int got = bake_args_take(&a, &b, "bake");
        if (got < 0) return -got;
        if (got > 0) continue;
        if (strcmp(a.argv[a.i], "--world") == 0 || strcmp(a.argv[a.i], "--skinning") == 0) {
            *(a.argv[a.i][2] == 'w' ? &world : &skinning) = true;
            a.i++;
            continue;
        }
        if (strcmp(a.argv[a.i], "--frame-lanes") == 0 || strcmp(a.argv[a.i], "--frame-float-lanes") == 0) {
            *(a.argv[a.i][8] == 'f' ? &float_lanes : &lanes) = true;
            a.i++;
            continue;
        }
        const char *v = NULL;
        if ((got = cli_take_value(&a, "--format", &v)) != 0) {
            if (got < 0) return cli_usage("bake", "--format needs csv, json or jsonl");
            format_name = v;
            continue;
        }
        if ((got = cli_take_value(&a, "-o", &v)) != 0 || (got = cli_take_value(&a, "--output", &v)) != 0) {
            if (got < 0) return cli_usage("bake", "-o needs a file name");
            output = v;
            continue;
        }
        const char *arg = a.argv[a.i++];
        if (arg[0] == '-' && arg[1] != '\0') return cli_usage("bake", "\"%s\" is not an option of bake", arg);
        if (file != NULL) return cli_usage("bake", "takes one FILE (got \"%s\" and \"%s\")", file, arg);
        file = arg;
    }
    if (file == NULL) return cli_usage("bake", "needs a FILE");
    bake_format format;
    if (strcmp(format_name, "csv") == 0) format = FORMAT_CSV;
    else if (strcmp(format_name, "json") == 0) format = FORMAT_JSON;
    else if (strcmp(format_name, "jsonl") == 0) format = FORMAT_JSONL;
    else return cli_usage("bake", "--format: \"%s\" is not csv, json or jsonl", format_name);
    int rc = bake_args_check(&b, "bake");
    if (rc != CLI_OK) return rc;
    if (world || skinning) {
        if (format != FORMAT_JSONL)
            return cli_usage("bake", "--world and --skinning write JSON lines: add --format jsonl");
        return bake_matrices(file, &b, output, world, skinning, lanes, float_lanes);
    }
    if (lanes || float_lanes)
        return cli_usage("bake", "--frame-%slanes goes with --world or --skinning", float_lanes ? "float-" : "");

    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(file, &model, &err) != TA_OK) return cli_refuse("bake", file, &err);
    bake_plan *plans = NULL;
    uint32_t plan_count = 0;
    rc = bake_args_plans(&b, model, "bake", file, &plans, &plan_count);
    if (rc == CLI_OK) rc = bake_args_check_frames(&b, model, plans, plan_count, "bake", file);
    bake_job job;
    memset(&job, 0, sizeof job);
    job.file = file;
    job.format = format;
    if (rc == CLI_OK) rc = prepare_columns(&job, model, plans, plan_count);
    if (rc == CLI_OK) {
        job.flags.root_motion = b.root_motion != NULL;
        job.flags.markers = bake_extras_any_markers(model, plans, plan_count);
    }
    if (rc == CLI_OK) {
        job.runs = calloc(plan_count, sizeof *job.runs);
        if (job.runs == NULL) rc = out_of_memory();
    }
    if (rc == CLI_OK && format == FORMAT_JSON) {
        job.spill = tmpfile();
        job.spill_texts = tmpfile();
        if (job.spill == NULL || job.spill_texts == NULL) rc = spill_failed();
    }
    uint64_t total = 0;
    for (uint32_t p = 0; rc == CLI_OK && p < plan_count; ++p) {
        total += bake_frame_count(model, &plans[p]);
        if (plans[p].fade) job.actions = 2;
    }
    /* CSV and JSON lines go out frame by frame into the output (a file is
     * put in place only once whole); JSON is printed after its runs. */
    cli_out out;
    bool opened = false;
    if (rc == CLI_OK && format != FORMAT_JSON) {
        if (cli_out_open(&out, output, &err) != TA_OK) {
            rc = cli_refuse("bake", "output", &err);
        } else {
            opened = true;
            job.stream = out.f;
            if (format == FORMAT_CSV) print_csv_header(out.f, &job);
        }
    }
    /* a unit per frame baked and per frame written */
    cli_progress_start(&job.progress, "bake", "frames baked and written", 2 * total);
    /* A bar between the rows of a terminal would garble them. */
    if (strcmp(output, "-") == 0 && isatty(STDOUT_FILENO)) job.progress.tty = false;
    for (uint32_t p = 0; rc == CLI_OK && p < plan_count; ++p) {
        if (p > 0) { /* each run starts from the rest pose */
            ta_model_destroy(model);
            model = NULL;
            if (cli_load_model(file, &model, &err) != TA_OK) {
                cli_progress_end(&job.progress);
                rc = cli_refuse("bake", file, &err);
                break;
            }
        }
        run *r = &job.runs[job.run_count++];
        const bake_plan *plan = &plans[p];
        snprintf(r->clip_names[0], sizeof r->clip_names[0], "%s", ta_clip_name(model->animations[plan->clip]));
        snprintf(r->clip_names[1], sizeof r->clip_names[1], "%s",
                 plan->fade ? ta_clip_name(model->animations[plan->fade_to]) : "");
        if (plan->fade)
            snprintf(r->name, sizeof r->name, plan->blend ? "%s+%s" : "%s->%s", r->clip_names[0], r->clip_names[1]);
        else
            snprintf(r->name, sizeof r->name, "%s", r->clip_names[0]);
        uint32_t held = job.stream != NULL ? 1u : SPILL_BLOCK;
        r->extras = job.flags;
        if (job.spill != NULL) r->spill_base = ftello(job.spill);
        if (!run_alloc(r, held, job.width, job.column_count) || !bake_extras_alloc(&r->extras, held)) {
            cli_progress_end(&job.progress);
            rc = out_of_memory();
            break;
        }
        job.current = r;
        if (bake_run(model, plan, visit, &job, &err) != TA_OK) {
            cli_progress_end(&job.progress);
            rc = cli_refuse("bake", r->name, &err);
            break;
        }
        if (job.oom) {
            cli_progress_end(&job.progress);
            rc = out_of_memory();
            break;
        }
        if (job.spill != NULL) { /* the run's last block, then its arrays go */
            if ((job.pending > 0 && !spill_block(&job, r)) || job.io_error || r->spill_base < 0) {
                cli_progress_end(&job.progress);
                rc = spill_failed();
                break;
            }
            run_free(r, job.column_count);
        }
    }
    if (rc == CLI_OK && !opened) {
        if (cli_out_open(&out, output, &err) != TA_OK) {
            cli_progress_end(&job.progress);
            rc = cli_refuse("bake", "output", &err);
        } else {
            opened = true;
            if (!print_json(out.f, &job, b.fps)) rc = job.io_error ? spill_failed() : out_of_memory();
        }
    }
    if (opened) {
        cli_progress_end(&job.progress);
        if (rc != CLI_OK) cli_out_abort(&out);
        else if (cli_out_commit(&out, &err) != TA_OK) rc = cli_refuse("bake", "output", &err);
    }
    cli_progress_end(&job.progress);
    for (uint32_t r = 0; r < job.run_count; ++r) run_free(&job.runs[r], job.column_count);
    free(job.runs);
    free(job.columns);
    if (job.spill != NULL) fclose(job.spill);
    if (job.spill_texts != NULL) fclose(job.spill_texts);
    free(plans);
    ta_model_destroy(model);
    return rc;
}
