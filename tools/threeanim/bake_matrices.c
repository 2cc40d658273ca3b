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

typedef struct matrices_job {
    FILE *out;
    const char *clip;
    bool world, skinning;
    ta_pose *pose;
    ta_mat4 *world_m;  /* node_count */
    ta_mat4 *bones;    /* the largest joint count */
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

static bool visit(void *user, const ta_model *model, const bake_frame *f)
{
    matrices_job *job = (matrices_job *)user;
    const ta_scene *scene = model->scene;
    if (ta_pose_world_pass(job->pose, scene, ta_node_none(), job->world_m, scene->node_count, &job->err) != TA_OK) {
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
            print_matrix(job->out, &job->world_m[n]);
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
            if (ta_pose_skinning_pass(job->pose, scene, ta_skin_at(s), job->bones, skin->joint_count, &job->err) !=
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
    } else if (bake_run(model, plan, visit, job, &err) != TA_OK) {
        rc = cli_refuse("bake", file, &err);
    } else if (job->failed) {
        rc = cli_refuse("bake", file, &job->err);
    }
    ta_pose_destroy(job->pose);
    job->pose = NULL;
    free(job->world_m);
    free(job->bones);
    job->world_m = job->bones = NULL;
    return rc;
}

int bake_matrices(const char *file, const bake_args *b, const char *output, bool world, bool skinning)
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
