/* `bake --world --skinning --format jsonl` (bake_matrices.h).
 *
 * Nodes and skins go by their glTF indices (model->source_nodes and
 * source_skins), so that a reader holding the file can match them; for three.js
 * JSON, by their places in the scene. Matrix numbers print with nine
 * significant digits, which read back to the same float32. */
#include <stdlib.h>
#include <string.h>

#include "bake_matrices.h"
#include "cli.h"
#include "cli_out.h"

enum { LANE_CHARS = 4 };

typedef struct matrices_job {
    FILE *out;
    const char *clip;
    bool world, skinning;
    ta_pose *pose;
    ta_mat4 *world_m;  /* node_count */
    ta_mat4 *bones;    /* the largest joint count */
    /* --frame-lanes: characters 1.. are instances of the scene, posed as it
     * before each frame; the matrices printed are the last one's */
    bool lanes;
    bool float_lanes; /* --frame-float-lanes: that frame with float_lanes (and no_pose_world) */
    ta_scene *copies[LANE_CHARS - 1];
    ta_pose *poses[LANE_CHARS - 1];
    ta_mat4 *worlds[LANE_CHARS - 1];
    float *palette;    /* the characters' skins one after the other, 4x4 */
    size_t *offsets;   /* LANE_CHARS * skin_count */
    size_t palette_floats;
    ta_error err;
    bool failed;
} matrices_job;

static void print_matrix(FILE *out, const ta_mat4 *m)
{
    fputc('[', out);
    for (int k = 0; k < 16; ++k) {
        if (k) fputs(", ", out);
        cli_print_float(out, m->m[k]);
    }
    fputc(']', out);
}

/* The scene's node (or skin) that key k names: glTF indices when there are. */
static uint32_t key_count(const ta_model *model, bool skins)
{
    if (skins) return model->source_skins ? model->source_skin_count : model->scene->skin_count;
    return model->source_nodes ? model->source_node_count : model->scene->node_count;
}

static uint32_t key_target(const ta_model *model, bool skins, uint32_t k)
{
    if (skins) return model->source_skins ? model->source_skins[k].index : k;
    return model->source_nodes ? model->source_nodes[k].index : k;
}

/* The frame of the scene and its copies, posed as it, in one range. */
static bool frame_lanes(matrices_job *job, ta_scene *scene)
{
    ta_frame_character chars[LANE_CHARS];
    memset(chars, 0, sizeof chars);
    for (uint32_t c = 0; c < LANE_CHARS; ++c) {
        ta_scene *sc = c == 0 ? scene : job->copies[c - 1];
        if (c > 0)
            for (uint32_t i = 0; i < scene->node_count; ++i) {
                sc->nodes[i].position = scene->nodes[i].position;
                sc->nodes[i].quaternion = scene->nodes[i].quaternion;
                sc->nodes[i].scale = scene->nodes[i].scale;
            }
        chars[c].targets.scene = sc;
        chars[c].pose = c == 0 ? job->pose : job->poses[c - 1];
        chars[c].world = c == 0 ? job->world_m : job->worlds[c - 1];
        chars[c].skin_offsets = job->offsets + (size_t)c * scene->skin_count;
    }
    ta_frame_options o = {.palette = job->palette, .palette_floats = job->palette_floats,
                          .layout = TA_PALETTE_LAYOUT_MAT4, .no_pose_world = job->float_lanes,
                          .float_lanes = job->float_lanes};
    if (ta_frame_update_range(chars, 0, LANE_CHARS, ta_duration_from_seconds(0), &o, &job->err) != TA_OK) {
        job->failed = true;
        return false;
    }
    return true;
}

/* The copies, their poses, worlds and palette for --frame-lanes; false when out of memory or refused (err). */
static bool lanes_make(matrices_job *job, ta_scene *scene, ta_error *err)
{
    size_t bones = 0;
    for (uint32_t s = 0; s < scene->skin_count; ++s) bones += scene->skins[s].joint_count;
    job->palette_floats = LANE_CHARS * bones * 16 + 1;
    job->palette = calloc(job->palette_floats, sizeof(float));
    job->offsets = calloc((size_t)LANE_CHARS * scene->skin_count + 1, sizeof(size_t));
    if (job->palette == NULL || job->offsets == NULL) return false;
    size_t at = 0;
    for (uint32_t c = 0; c < LANE_CHARS; ++c)
        for (uint32_t s = 0; s < scene->skin_count; ++s) {
            job->offsets[(size_t)c * scene->skin_count + s] = at;
            at += (size_t)scene->skins[s].joint_count * 16;
        }
    for (uint32_t c = 0; c < LANE_CHARS - 1; ++c) {
        job->worlds[c] = calloc(scene->node_count + 1u, sizeof(ta_mat4));
        if (job->worlds[c] == NULL) return false;
        if (ta_scene_instantiate(scene, NULL, &job->copies[c], err) != TA_OK ||
            ta_pose_create(job->copies[c], NULL, &job->poses[c], err) != TA_OK ||
            ta_pose_use_best_simd(job->poses[c], err) != TA_OK)
            return false;
    }
    return true;
}

static void lanes_free(matrices_job *job)
{
    for (uint32_t c = 0; c < LANE_CHARS - 1; ++c) {
        ta_pose_destroy(job->poses[c]);
        ta_scene_destroy(job->copies[c]);
        free(job->worlds[c]);
        job->poses[c] = NULL;
        job->copies[c] = NULL;
        job->worlds[c] = NULL;
    }
    free(job->palette);
    free(job->offsets);
    job->palette = NULL;
    job->offsets = NULL;
}

static bool visit(void *user, const ta_model *model, const bake_frame *f)
{
    matrices_job *job = (matrices_job *)user;
    const ta_scene *scene = model->scene;
    const ta_mat4 *world = job->world_m;
    if (job->lanes) {
        if (!frame_lanes(job, model->scene)) return false;
        world = job->worlds[LANE_CHARS - 2];
    } else if (ta_pose_world_pass(job->pose, scene, ta_node_none(), job->world_m, scene->node_count, &job->err) !=
               TA_OK) {
        job->failed = true;
        return false;
    }
    fputs("{\"clip\": ", job->out);
    cli_print_json_string(job->out, job->clip);
    /* the time is a double: seventeen digits read back to it */
    fprintf(job->out, ", \"frame\": %u, \"time\": %.17g", f->index, f->time);
    if (job->world) {
        fputs(", \"world\": {", job->out);
        bool first = true;
        for (uint32_t k = 0; k < key_count(model, false); ++k) {
            uint32_t n = key_target(model, false, k);
            if (n == TA_NONE) continue;
            fprintf(job->out, "%s\"%u\": ", first ? "" : ", ", k);
            print_matrix(job->out, &world[n]);
            first = false;
        }
        fputc('}', job->out);
    }
    if (job->skinning) {
        fputs(", \"skins\": {", job->out);
        bool first = true;
        for (uint32_t k = 0; k < key_count(model, true); ++k) {
            uint32_t s = key_target(model, true, k);
            if (s == TA_NONE) continue;
            const ta_skin *skin = ta_scene_skin(scene, ta_skin_at(s));
            if (job->lanes)
                memcpy(job->bones, job->palette + job->offsets[(LANE_CHARS - 1) * scene->skin_count + s],
                       sizeof(ta_mat4) * skin->joint_count);
            else if (ta_pose_skinning_pass(job->pose, scene, ta_skin_at(s), job->bones, skin->joint_count, &job->err) !=
                TA_OK) {
                job->failed = true;
                return false;
            }
            fprintf(job->out, "%s\"%u\": {\"bone_matrices\": [", first ? "" : ", ", k);
            for (uint32_t j = 0; j < skin->joint_count; ++j) {
                if (j) fputs(", ", job->out);
                print_matrix(job->out, &job->bones[j]);
            }
            fputs("]}", job->out);
            first = false;
        }
        fputc('}', job->out);
    }
    fputs("}\n", job->out);
    return true;
}

static int run_plan(const char *file, const bake_plan *plan, matrices_job *job, ta_model *model)
{
    ta_error err = {0};
    const ta_scene *scene = model->scene;
    uint32_t most = 1;
    for (uint32_t s = 0; s < scene->skin_count; ++s)
        if (scene->skins[s].joint_count > most) most = scene->skins[s].joint_count;
    job->world_m = calloc(scene->node_count + 1u, sizeof *job->world_m);
    job->bones = calloc(most, sizeof *job->bones);
    job->clip = ta_clip_name(model->animations[plan->clip]);
    int rc = CLI_OK;
    if (job->world_m == NULL || job->bones == NULL) {
        fprintf(stderr, "threeanim bake: out of memory\n");
        rc = CLI_REFUSED;
    } else if (ta_pose_create(scene, NULL, &job->pose, &err) != TA_OK ||
               ta_pose_use_best_simd(job->pose, &err) != TA_OK) { /* TA_SIMD forces one */
        rc = cli_refuse("bake", file, &err);
    } else if (job->lanes && !lanes_make(job, model->scene, &err)) {
        if (err.code == TA_OK) fprintf(stderr, "threeanim bake: out of memory\n");
        rc = err.code == TA_OK ? CLI_REFUSED : cli_refuse("bake", file, &err);
    } else if (bake_run(model, plan, visit, job, &err) != TA_OK) {
        rc = cli_refuse("bake", file, &err);
    } else if (job->failed) {
        rc = cli_refuse("bake", file, &job->err);
    }
    lanes_free(job);
    ta_pose_destroy(job->pose);
    job->pose = NULL;
    free(job->world_m);
    free(job->bones);
    job->world_m = job->bones = NULL;
    return rc;
}

int bake_matrices(const char *file, const bake_args *b, const char *output, bool world, bool skinning, bool lanes,
                  bool float_lanes)
{
    ta_error err = {0};
    ta_model *model = NULL;
    if (cli_load_model(file, &model, &err) != TA_OK) return cli_refuse("bake", file, &err);
    bake_plan *plans = NULL;
    uint32_t plan_count = 0;
    int rc = bake_args_plans(b, model, "bake", file, &plans, &plan_count);
    cli_out out;
    memset(&out, 0, sizeof out);
    if (rc == CLI_OK && cli_out_open(&out, output, &err) != TA_OK) {
        rc = cli_refuse("bake", "output", &err);
        out.f = NULL;
    }
    matrices_job job;
    memset(&job, 0, sizeof job);
    job.out = out.f;
    job.world = world;
    job.skinning = skinning;
    job.lanes = lanes || float_lanes;
    job.float_lanes = float_lanes;
    for (uint32_t p = 0; rc == CLI_OK && p < plan_count; ++p) {
        if (p > 0) { /* each run starts from the rest pose */
            ta_model_destroy(model);
            model = NULL;
            if (cli_load_model(file, &model, &err) != TA_OK) {
                rc = cli_refuse("bake", file, &err);
                break;
            }
        }
        rc = run_plan(file, &plans[p], &job, model);
    }
    if (out.f != NULL) {
        if (rc == CLI_OK) {
            if (cli_out_commit(&out, &err) != TA_OK) rc = cli_refuse("bake", "output", &err);
        } else {
            cli_out_abort(&out);
        }
    }
    free(plans);
    ta_model_destroy(model);
    return rc;
}
