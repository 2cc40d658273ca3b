/* `threeanim preview FILE -o preview.html`: one self-contained page that plays
 * the baked animation as a stick figure from three directions. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bake_args.h"
#include "cli.h"
#include "cli_out.h"
#include "plot.h"
#include "preview.h"
#include "preview_page.h"

void cli_preview_help(FILE *out)
{
    fputs("usage: threeanim preview FILE -o OUT.html [--clip NAME] [--fps N] [--views LIST]\n"
          "                         [--cross-fade-to NAME [--at S] [--over S] [--warp]] [--title TEXT]\n"
          "                         [--euler]\n"
          "\n"
          "Writes one self-contained HTML page (no network, no other files) that plays the\n"
          "animation of FILE (glTF .gltf/.glb or three.js Object JSON) as baked through the\n"
          "mixer: every node drawn at its world position, each joined to its parent (bones as\n"
          "solid lines colored by side, other nodes dashed), seen from three directions at\n"
          "once, at one zoom. The skinned meshes of a glTF file are drawn under the figure,\n"
          "skinned as three.js skins them (a checkbox hides them). It has play/pause, a\n"
          "speed choice, a timeline scrubber, a clip picker, bars for the numbers a clip\n"
          "drives (morph influences, material opacity, colors, the weights of a cross-fade)\n"
          "and, under it, the clip's curves (as `threeanim plot` draws them) with a line at\n"
          "the time shown.\n"
          "\n"
          "  -o OUT.html         where to write (whole, or not at all)\n"
          "  --clip NAME         the clip shown first (default: the first)\n"
          "  --fps N             frames baked a second (default 30); playback interpolates\n"
          "  --views LIST        three (or one to four) of front, back, left, right, top, bottom,\n"
          "                      named by where the eye is (front: from +z); default\n"
          "                      front,right,top\n"
          "  --blend-with B      add an entry that blends --clip into B over the run (as\n"
          "                      `threeanim bake` does; --sync and --seconds as there)\n"
          "  --ik, --aim         IK on every frame of every entry (as `threeanim bake` does)\n"
          "  --cross-fade-to B   add an entry that plays --clip, then cross-fades into B (as\n"
          "                      `threeanim bake` does; --at, --over, --warp and --seconds as there)\n"
          "  --loop MODE         how each clip is baked: repeat (default), once or pingpong\n"
          "  --root-motion NODE  extract NODE's motion (it stays in place) and draw the path the\n"
          "                      motion takes it along; markers show as ticks on the time line\n"
          "  --title TEXT        the page's title (default: the file's name)\n"
          "  --max-frames N      refuse to bake more frames than N, all entries together\n"
          "                      (default 1000000); checked before anything is baked\n"
          "  --euler             the curves of rotations as Euler angles in degrees (as plot --euler)\n"
          "\n"
          "Each entry is baked, written into the page and freed before the next is baked, so\n"
          "memory holds one entry's frames at a time.\n"
          "\n"
          "In the page: space plays or pauses, the arrow keys step one frame; a link ending in\n"
          "#clip=NAME&t=SECONDS&paused opens at that moment.\n"
          "\n"
          "Exit status: 0 written; 1 a file that cannot be read, a clip that is not there, or\n"
          "an output that cannot be written (the library's message); 2 a usage error.\n",
          out);
}

typedef struct view_def {
    const char *name, *caption;
    double right[3], up[3];
} view_def;

static const view_def view_defs[] = {
    {"front", "from +z, looking along \xe2\x88\x92z", {1, 0, 0}, {0, 1, 0}},
    {"back", "from \xe2\x88\x92z, looking along +z", {-1, 0, 0}, {0, 1, 0}},
    {"right", "from +x, looking along \xe2\x88\x92x", {0, 0, -1}, {0, 1, 0}},
    {"left", "from \xe2\x88\x92x, looking along +x", {0, 0, 1}, {0, 1, 0}},
    {"top", "from +y, looking down", {1, 0, 0}, {0, 0, -1}},
    {"bottom", "from \xe2\x88\x92y, looking up", {1, 0, 0}, {0, 0, 1}},
};
#define VIEW_DEF_COUNT (sizeof view_defs / sizeof view_defs[0])
#define MAX_VIEWS 4

static int parse_views(const char *list, const view_def **out, int *count)
{
    *count = 0;
    const char *p = list;
    while (*p) {
        const char *comma = strchr(p, ',');
        size_t n = comma ? (size_t)(comma - p) : strlen(p);
        const view_def *found = NULL;
        for (size_t i = 0; i < VIEW_DEF_COUNT; ++i)
            if (strlen(view_defs[i].name) == n && strncmp(view_defs[i].name, p, n) == 0) found = &view_defs[i];
        if (found == NULL)
            return cli_usage("preview", "--views: \"%.*s\" is not front, back, left, right, top or bottom", (int)n, p);
        if (*count == MAX_VIEWS) return cli_usage("preview", "--views: at most %d views", MAX_VIEWS);
        out[(*count)++] = found;
        p += n;
        if (*p == ',') p++;
    }
    if (*count == 0) return cli_usage("preview", "--views needs at least one view");
    return CLI_OK;
}

/* ---- writing ------------------------------------------------------------------------ */

/* A JSON string that is also safe inside <script>: '<', '>' and '&' escaped. */
static void js_string(FILE *out, const char *s)
{
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)s; *p; ++p) {
        if (*p == '"' || *p == '\\') fprintf(out, "\\%c", *p);
        else if (*p < 0x20 || *p == '<' || *p == '>' || *p == '&') fprintf(out, "\\u%04x", *p);
        else fputc(*p, out);
    }
    fputc('"', out);
}

static void html_text(FILE *out, const char *s)
{
    for (; *s; ++s) {
        if (*s == '<') fputs("&lt;", out);
        else if (*s == '>') fputs("&gt;", out);
        else if (*s == '&') fputs("&amp;", out);
        else if (*s == '"') fputs("&quot;", out);
        else fputc(*s, out);
    }
}

static void num(FILE *out, double v, int digits)
{
    if (!isfinite(v)) {
        fputs("null", out);
        return;
    }
    if (v == 0) v = 0;
    fprintf(out, "%.*g", digits, v);
}

static void write_lines(FILE *out, const char *const *lines)
{
    for (; *lines != NULL; ++lines) fputs(*lines, out);
}

typedef struct page {
    const char *file, *title;
    const ta_model *model; /* the rest pose, for the nodes */
    const cli_names *names;
    const preview_skin *skin;
    const view_def *views[MAX_VIEWS];
    int view_count;
    const bake_plan *plans; /* one per entry, baked one at a time as the page is written */
    uint32_t entry_count;
    double fps;
    uint32_t initial;
    bool euler; /* the curves of rotations as Euler angles */
} page;

/* "mesh": the skinned primitives to draw, or null; "meshNote": why one is not. */
static void write_skin_geometry(FILE *out, const preview_skin *sk)
{
    fputs("\"meshNote\": ", out);
    js_string(out, sk->note);
    fprintf(out, ",\n\"mesh\": ");
    if (sk->prim_count == 0) {
        fputs("null", out);
        return;
    }
    fprintf(out, "{\"joints\": %u, \"prims\": [", sk->joint_count);
    for (uint32_t i = 0; i < sk->prim_count; ++i) {
        const preview_skin_prim *p = &sk->prims[i];
        fputs(i ? ",\n{\"pos\": [" : "\n{\"pos\": [", out);
        for (size_t v = 0; v < (size_t)p->vertex_count * 3; ++v) {
            if (v) fputc(',', out);
            num(out, p->pos[v], 6);
        }
        fputs("],\n\"joints\": [", out);
        for (size_t v = 0; v < (size_t)p->vertex_count * 4; ++v) fprintf(out, "%s%u", v ? "," : "", p->joints[v]);
        fputs("],\n\"weights\": [", out);
        for (size_t v = 0; v < (size_t)p->vertex_count * 4; ++v) {
            if (v) fputc(',', out);
            num(out, p->weights[v], 5);
        }
        fputs("],\n\"tris\": [", out);
        for (size_t v = 0; v < (size_t)p->triangle_count * 3; ++v) fprintf(out, "%s%u", v ? "," : "", p->tris[v]);
        fputs("]}", out);
    }
    fputs("]}", out);
}

/* Entry k baked from a freshly loaded model (its pose at rest). */
static ta_result bake_entry(const page *pg, uint32_t k, preview_entry *e, ta_error *err)
{
    memset(e, 0, sizeof *e);
    ta_model *fresh = NULL;
    ta_result r = cli_load_model(pg->file, &fresh, err);
    if (r != TA_OK) return r;
    bake_plan plan = pg->plans[k];
    r = preview_bake_entry(fresh, pg->names, pg->skin, &plan, e, err);
    ta_model_destroy(fresh);
    return r;
}

/* Entry k of the page's "entries", as baked. */
static void write_entry(FILE *out, const page *pg, uint32_t k, const preview_entry *e)
{
    uint32_t nodes = pg->model->scene->node_count;
    fputs(k ? ",\n{\"name\": " : "\n{\"name\": ", out);
    js_string(out, e->name);
    fputs(", \"seconds\": ", out);
    num(out, e->seconds, 9);
    fprintf(out, ", \"frames\": %u, \"clips\": [", e->frames);
    for (uint32_t c = 0; c < e->clip_count; ++c) fprintf(out, "%s%u", c ? ", " : "", e->clips[c]);
    fputs("],\n\"actions\": [", out);
    for (uint32_t a = 0; a < e->clip_count; ++a) {
        fprintf(out, "%s{\"clip\": ", a ? ", " : "");
        js_string(out, ta_clip_name(pg->model->animations[e->clips[a]]));
        fprintf(out, ", \"clipIndex\": %u, \"duration\": ", e->clips[a]);
        num(out, e->durations[a], 9);
        fputs(", \"times\": [", out);
        for (uint32_t f = 0; f < e->frames; ++f) {
            if (f) fputc(',', out);
            num(out, e->action_times[(size_t)f * 2 + a], 6);
        }
        fputs("], \"weights\": [", out);
        for (uint32_t f = 0; f < e->frames; ++f) {
            if (f) fputc(',', out);
            num(out, e->action_weights[(size_t)f * 2 + a], 5);
        }
        fputs("]}", out);
    }
    fputs("],\n\"scalars\": [", out);
    for (uint32_t i = 0; i < e->scalar_count; ++i) {
        const preview_scalar *sc = &e->scalars[i];
        fprintf(out, "%s{\"label\": ", i ? ",\n" : "");
        js_string(out, sc->label);
        fprintf(out, ", \"color\": %s, \"min\": ", sc->size == 3 ? "true" : "false");
        num(out, sc->min, 6);
        fputs(", \"max\": ", out);
        num(out, sc->max, 6);
        fputs(", \"values\": [", out);
        for (size_t v = 0; v < (size_t)e->frames * sc->size; ++v) {
            if (v) fputc(',', out);
            num(out, sc->values[v], 5);
        }
        fputs("]}", out);
    }
    fputs("],\n\"markers\": [", out);
    for (uint32_t i = 0; i < e->mark_count; ++i) {
        fputs(i ? ", {\"t\": " : "{\"t\": ", out);
        num(out, e->marks[i].t, 9);
        fputs(", \"name\": ", out);
        js_string(out, e->marks[i].name);
        fputc('}', out);
    }
    fputs("],\n\"root\": ", out);
    if (e->root_path == NULL) fputs("null", out);
    for (size_t v = 0; e->root_path != NULL && v < (size_t)e->frames * 3; ++v) {
        fputs(v ? "," : "[", out);
        num(out, e->root_path[v], 6);
    }
    if (e->root_path != NULL) fputc(']', out);
    fputs(",\n\"pos\": [", out);
    for (size_t v = 0; v < (size_t)e->frames * nodes * 3; ++v) {
        if (v) fputc(',', out);
        if (v % 30 == 0) fputc('\n', out);
        num(out, e->pos[v], 6);
    }
    fputs("],\n\"skin\": [", out);
    for (size_t v = 0; v < (size_t)e->frames * pg->skin->joint_count * 12; ++v) {
        if (v) fputc(',', out);
        if (v % 36 == 0) fputc('\n', out);
        num(out, e->skin[v], 6);
    }
    fputs("]}", out);
}

/* The page's data. Each entry is baked, written and freed before the next, so
 * the page holds one entry's frames at a time; a failed bake fails the page. */
static ta_result write_data(FILE *out, const page *pg, ta_error *err)
{
    const ta_scene *s = pg->model->scene;
    fprintf(out, "{\"fps\": ");
    num(out, pg->fps, 9);
    fprintf(out, ", \"initial\": %u,\n\"views\": [", pg->initial);
    for (int v = 0; v < pg->view_count; ++v) {
        const view_def *d = pg->views[v];
        fprintf(out, "%s{\"name\": ", v ? ", " : "");
        js_string(out, d->name);
        fputs(", \"caption\": ", out);
        js_string(out, d->caption);
        fprintf(out, ", \"right\": [%g, %g, %g], \"up\": [%g, %g, %g]}", d->right[0], d->right[1], d->right[2],
                d->up[0], d->up[1], d->up[2]);
    }
    /* Sides from the rest pose: +x is a figure's left when it faces +z. */
    double lo = INFINITY, hi = -INFINITY;
    bool any_bone = false;
    for (uint32_t n = 0; n < s->node_count; ++n) {
        ta_mat4 m = ta_scene_world_matrix(s, ta_node_at(n));
        for (int i = 12; i < 15; ++i) {
            if (m.m[i] < lo) lo = m.m[i];
            if (m.m[i] > hi) hi = m.m[i];
        }
        any_bone = any_bone || s->nodes[n].type == TA_NODE_TYPE_BONE;
    }
    double eps = (hi > lo ? hi - lo : 1) * 0.01;
    fputs("],\n\"nodes\": [", out);
    for (uint32_t n = 0; n < s->node_count; ++n) {
        const ta_node *node = &s->nodes[n];
        bool mesh = false;
        for (uint32_t i = 0; i < s->mesh_count; ++i) mesh = mesh || s->meshes[i].node.index == n;
        for (uint32_t i = 0; i < s->skinned_mesh_count; ++i) mesh = mesh || s->skinned_meshes[i].node.index == n;
        double x = ta_scene_world_matrix(s, ta_node_at(n)).m[12];
        fputs(n ? ",\n" : "\n", out);
        fputs("{\"name\": ", out);
        js_string(out, node->name[0] ? node->name : cli_node_ref(pg->names, ta_node_at(n)));
        fprintf(out, ", \"parent\": %d, \"bone\": %s, \"mesh\": %s, \"side\": \"%s\"}",
                node->parent.index == TA_NONE ? -1 : (int)node->parent.index,
                node->type == TA_NODE_TYPE_BONE || !any_bone ? "true" : "false", mesh ? "true" : "false",
                x > eps ? "left" : x < -eps ? "right" : "mid");
    }
    fputs("],\n", out);
    write_skin_geometry(out, pg->skin);
    fputs(",\n\"entries\": [", out);
    for (uint32_t k = 0; k < pg->entry_count; ++k) {
        preview_entry e;
        ta_result r = bake_entry(pg, k, &e, err);
        if (r == TA_OK) write_entry(out, pg, k, &e);
        preview_entry_free(&e);
        if (r != TA_OK) return r;
    }
    fputs("]}\n", out);
    return TA_OK;
}

static ta_result write_page(FILE *out, const page *pg, ta_error *err)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
          "<link rel=\"icon\" href=\"data:,\">\n<title>",
          out);
    html_text(out, pg->title);
    fputs(" \xe2\x80\x94 threeanim preview</title>\n<style>\n", out);
    write_lines(out, preview_style);
    fputs("</style>\n</head>\n<body>\n<main>\n<header><h1>", out);
    html_text(out, pg->title);
    fprintf(out, "</h1><p>%u node%s \xc2\xb7 %u clip%s \xc2\xb7 baked through the threeanim %s mixer at ",
            pg->model->scene->node_count, pg->model->scene->node_count == 1 ? "" : "s", pg->model->animation_count,
            pg->model->animation_count == 1 ? "" : "s", ta_library_version());
    num(out, pg->fps, 6);
    fputs(" frames a second; each view shows world positions of every node</p></header>\n", out);
    write_lines(out, preview_body);
    ta_result r = TA_OK;
    for (uint32_t c = 0; c < pg->model->animation_count; ++c) {
        bool used = false;
        for (uint32_t k = 0; k < pg->entry_count; ++k)
            used = used || pg->plans[k].clip == c || (pg->plans[k].fade && pg->plans[k].fade_to == c);
        if (!used) continue;
        char prefix[32];
        snprintf(prefix, sizeof prefix, "k%u", c);
        plot_options po = {pg->title, true, 1200, prefix, pg->euler};
        fprintf(out, "<div data-clip=\"%u\" hidden>\n", c);
        r = plot_write_svg(out, pg->model, pg->names, pg->model->animations[c], &po, err);
        if (r != TA_OK) return r;
        fputs("</div>\n", out);
    }
    fputs("</section>\n</main>\n<script id=\"ta-data\" type=\"application/json\">\n", out);
    r = write_data(out, pg, err);
    if (r != TA_OK) return r;
    fputs("</script>\n<script>\n", out);
    write_lines(out, preview_script);
    fputs("</script>\n</body>\n</html>\n", out);
    return TA_OK;
}

/* ---- the command ------------------------------------------------------------------- */

/* The page's entries: with a cross-fade, that first, then every clip. *out
 * is malloc'd. */
static int plan_entries(page *pg, const char *file, const bake_args *b, const ta_model *model, bake_plan **out)
{
    uint32_t clips = model->animation_count;
    bool fade = b->fade_to != NULL || b->blend_with != NULL;
    bake_plan *plans = NULL;
    uint32_t plan_count = 0;
    int rc = bake_args_plans(b, model, "preview", file, &plans, &plan_count);
    if (rc != CLI_OK) return rc;
    uint32_t first = plans[0].clip;
    pg->fps = b->fps;
    pg->initial = fade ? 0 : first;
    uint32_t entries = clips + (fade ? 1u : 0u);
    bake_plan *all = calloc(entries + 1u, sizeof *all);
    if (all == NULL) {
        free(plans);
        fprintf(stderr, "threeanim preview: out of memory\n");
        return CLI_REFUSED;
    }
    for (uint32_t k = 0; k < entries; ++k) {
        bake_plan *plan = &all[k];
        if (fade && k == 0) {
            *plan = plans[0];
        } else {
            plan->clip = k - (fade ? 1u : 0u);
            plan->fps = b->fps;
            plan->loop = b->loop != TA_LOOP_MODE_DEFAULT ? b->loop : TA_LOOP_MODE_REPEAT;
            plan->root_motion = plans[0].root_motion;
            plan->root = plans[0].root;
            plan->ik = plans[0].ik, plan->aim = plans[0].aim;
            memcpy(plan->ik_chain, plans[0].ik_chain, sizeof plan->ik_chain);
            plan->aim_node = plans[0].aim_node;
            plan->ik_target = plans[0].ik_target, plan->ik_axis = plans[0].ik_axis, plan->ik_pole = plans[0].ik_pole;
        }
    }
    free(plans);
    /* All entries together, checked before any is baked or written. */
    rc = bake_args_check_frames(b, model, all, entries, "preview", file);
    if (rc != CLI_OK) {
        free(all);
        return rc;
    }
    *out = all;
    pg->plans = all;
    pg->entry_count = entries;
    return CLI_OK;
}

int cli_preview(int argc, char **argv)
{
    if (cli_wants_help(argc, argv)) {
        cli_preview_help(stdout);
        return CLI_OK;
    }
    bake_args b;
    bake_args_init(&b);
    const char *file = NULL, *output = NULL, *views = "front,right,top", *title = NULL;
    bool euler = false;
    cli_argv a = {argc, argv, 1};
    while (a.i < a.argc) {
        int got = bake_args_take(&a, &b, "preview");
        if (got < 0) return -got;
        if (got > 0) continue;
        const char *v = NULL;
        if ((got = cli_take_value(&a, "-o", &v)) != 0 || (got = cli_take_value(&a, "--output", &v)) != 0) {
            if (got < 0) return cli_usage("preview", "-o needs a file name");
            output = v;
            continue;
        }
        if ((got = cli_take_value(&a, "--views", &v)) != 0) {
            if (got < 0) return cli_usage("preview", "--views needs a list such as front,right,top");
            views = v;
            continue;
        }
        if ((got = cli_take_value(&a, "--title", &v)) != 0) {
            if (got < 0) return cli_usage("preview", "--title needs a text");
            title = v;
            continue;
        }
        if (cli_take_flag(&a, "--euler")) {
            euler = true;
            continue;
        }
        const char *arg = a.argv[a.i++];
        if (arg[0] == '-' && arg[1] != '\0') return cli_usage("preview", "\"%s\" is not an option of preview", arg);
        if (file != NULL) return cli_usage("preview", "takes one FILE (got \"%s\" and \"%s\")", file, arg);
        file = arg;
    }
    if (file == NULL) return cli_usage("preview", "needs a FILE");
    if (output == NULL) return cli_usage("preview", "needs -o OUT.html");
    if (b.all) return cli_usage("preview", "shows every clip already; --all is for bake");
    if (b.seconds > 0 && b.fade_to == NULL && b.blend_with == NULL)
        return cli_usage("preview", "--seconds goes with --cross-fade-to or --blend-with");
    int rc = bake_args_check(&b, "preview");
    if (rc != CLI_OK) return rc;
    page pg;
    memset(&pg, 0, sizeof pg);
    if ((rc = parse_views(views, pg.views, &pg.view_count)) != CLI_OK) return rc;
    const char *base = strrchr(file, '/');
    pg.file = file;
    pg.euler = euler;
    pg.title = title != NULL ? title : base != NULL ? base + 1 : file;

    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(file, &model, &err) != TA_OK) return cli_refuse("preview", file, &err);
    cli_names names = {0};
    if (cli_names_init(&names, model, &err) != TA_OK) {
        ta_model_destroy(model);
        return cli_refuse("preview", file, &err);
    }
    pg.model = model;
    pg.names = &names;
    preview_skin skin;
    if (preview_skin_read(file, model, &skin, &err) != TA_OK) {
        cli_names_free(&names);
        ta_model_destroy(model);
        return cli_refuse("preview", file, &err);
    }
    pg.skin = &skin;
    bake_plan *plans = NULL;
    rc = plan_entries(&pg, file, &b, model, &plans);
    if (rc == CLI_OK) {
        cli_out out;
        if (cli_out_open(&out, output, &err) != TA_OK) {
            rc = cli_refuse("preview", "output", &err);
        } else if (write_page(out.f, &pg, &err) != TA_OK) {
            cli_out_abort(&out);
            rc = cli_refuse("preview", file, &err);
        } else if (cli_out_commit(&out, &err) != TA_OK) {
            rc = cli_refuse("preview", "output", &err);
        }
    }
    free(plans);
    preview_skin_free(&skin);
    cli_names_free(&names);
    ta_model_destroy(model);
    return rc;
}
