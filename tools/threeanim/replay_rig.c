/* The replay format's sync group and IK chains (replay_rig.h). */
#include <math.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "replay_rig.h"

static int refuse(const char *what, const char *message)
{
    fprintf(stderr, "threeanim replay: %s: %s\n", what, message);
    return CLI_REFUSED;
}

/* step[key]: [x, y, z] into *out; absent leaves *out as it is. */
static int vec_field(json_t *step, const char *key, const char *what, ta_vec3 *out)
{
    json_t *v = json_object_get(step, key);
    if (v == NULL) return CLI_OK;
    float f[3];
    bool ok = json_is_array(v) && json_array_size(v) == 3;
    for (size_t k = 0; ok && k < 3; ++k) {
        ok = json_is_number(json_array_get(v, k));
        if (ok) f[k] = (float)json_number_value(json_array_get(v, k));
    }
    if (!ok) {
        char message[120];
        snprintf(message, sizeof message, "%s is not a list of three numbers", key);
        return refuse(what, message);
    }
    *out = ta_vec3_make(f[0], f[1], f[2]);
    return CLI_OK;
}

static int num_field(json_t *step, const char *key, const char *what, float *out)
{
    json_t *v = json_object_get(step, key);
    if (v == NULL) return CLI_OK;
    if (!json_is_number(v)) {
        char message[120];
        snprintf(message, sizeof message, "%s is not a number", key);
        return refuse(what, message);
    }
    *out = (float)json_number_value(v);
    return CLI_OK;
}

static int node_field(const ta_model *model, bool gltf, json_t *step, const char *key, const char *what,
                      ta_node_id *out)
{
    json_t *v = json_object_get(step, key);
    char message[600];
    if (!json_is_string(v)) {
        snprintf(message, sizeof message, "%s is not a node reference", key);
        return refuse(what, message);
    }
    ta_error err = {0};
    if (replay_find_node(model, gltf, json_string_value(v), out, &err) == TA_OK) return CLI_OK;
    snprintf(message, sizeof message, "%s: %s", key, err.message);
    return refuse(what, message);
}

/* {"op": "sync_group", "actions": [A, ...], "mode": "markers" | "normalized_time", "marker_name": S}:
 * a new group (the old one's members get their time scales back); no actions: none. */
static int sync_op(replay_rig *rig, ta_mixer *mixer, json_t *step, const char *what)
{
    json_t *list = json_object_get(step, "actions");
    if (list != NULL && !json_is_array(list)) return refuse(what, "actions is not a list of action indices");
    const char *mode = json_string_value(json_object_get(step, "mode"));
    json_t *name = json_object_get(step, "marker_name");
    ta_sync_group_desc desc = {TA_SYNC_MODE_MARKERS, NULL};
    if (mode == NULL || strcmp(mode, "markers") == 0) desc.mode = TA_SYNC_MODE_MARKERS;
    else if (strcmp(mode, "normalized_time") == 0) desc.mode = TA_SYNC_MODE_NORMALIZED_TIME;
    else return refuse(what, "mode is not \"markers\" or \"normalized_time\"");
    if (name != NULL && !json_is_null(name) && !json_is_string(name)) return refuse(what, "marker_name is not a string");
    desc.marker_name = json_string_value(name);
    ta_error err = {0};
    ta_sync_group *g = NULL;
    if (json_array_size(list) > 0) {
        if (ta_sync_group_create(&desc, NULL, &g, &err) != TA_OK) return refuse(what, err.message);
        for (size_t i = 0; i < json_array_size(list); ++i) {
            json_t *a = json_array_get(list, i);
            ta_action *action = NULL;
            if (!json_is_integer(a) || json_integer_value(a) < 0 || json_integer_value(a) > UINT32_MAX ||
                ta_mixer_action(mixer, (uint32_t)json_integer_value(a), &action, &err) != TA_OK ||
                ta_sync_group_add(g, action, &err) != TA_OK) {
                char message[600];
                snprintf(message, sizeof message, "actions[%zu]: %s", i,
                         json_is_integer(a) ? err.message : "is not an action index");
                ta_sync_group_destroy(g);
                return refuse(what, message);
            }
        }
    }
    if (rig->sync != NULL)
        while (ta_sync_group_count(rig->sync) > 0)
            ta_sync_group_remove(rig->sync, ta_sync_group_action(rig->sync, 0), NULL);
    ta_sync_group_destroy(rig->sync);
    rig->sync = g;
    return CLI_OK;
}

int replay_rig_op(replay_rig *rig, ta_mixer *mixer, const ta_model *model, bool gltf, json_t *step, const char *what,
                  bool *handled)
{
    const char *op = json_string_value(json_object_get(step, "op"));
    *handled = true;
    if (strcmp(op, "sync_group") == 0) return sync_op(rig, mixer, step, what);
    if (strcmp(op, "ik_clear") == 0) {
        rig->two_count = rig->aim_count = 0;
        return CLI_OK;
    }
    bool two = strcmp(op, "ik_two_bone") == 0;
    if (!two && strcmp(op, "ik_aim") != 0) {
        *handled = false;
        return CLI_OK;
    }
    if ((two ? rig->two_count : rig->aim_count) == REPLAY_RIG_MAX_CHAINS) {
        char message[80];
        snprintf(message, sizeof message, "more than %d chains of this kind", REPLAY_RIG_MAX_CHAINS);
        return refuse(what, message);
    }
    ta_error err = {0};
    ta_scene *scene = model->scene;
    if (two) {
        ta_ik_two_bone_desc d = {0};
        d.weight = 1.0f;
        if (node_field(model, gltf, step, "start", what, &d.start) != CLI_OK ||
            node_field(model, gltf, step, "mid", what, &d.mid) != CLI_OK ||
            node_field(model, gltf, step, "end", what, &d.end) != CLI_OK ||
            vec_field(step, "target", what, &d.target) != CLI_OK || vec_field(step, "pole", what, &d.pole) != CLI_OK ||
            vec_field(step, "mid_axis", what, &d.mid_axis) != CLI_OK ||
            num_field(step, "weight", what, &d.weight) != CLI_OK || num_field(step, "soften", what, &d.soften) != CLI_OK ||
            num_field(step, "twist", what, &d.twist) != CLI_OK)
            return CLI_REFUSED;
        /* Checked now, on a copy of the scene's rotations put back: a chain the library refuses is
         * refused at its step, not at the next update. */
        ta_quat qs = scene->nodes[d.start.index < scene->node_count ? d.start.index : 0].quaternion;
        ta_quat qm = scene->nodes[d.mid.index < scene->node_count ? d.mid.index : 0].quaternion;
        ta_result r = ta_ik_two_bone(scene, &d, NULL, &err);
        if (r == TA_OK) {
            scene->nodes[d.start.index].quaternion = qs;
            scene->nodes[d.mid.index].quaternion = qm;
        }
        if (r != TA_OK) return refuse(what, err.message);
        rig->two[rig->two_count++] = d;
        return CLI_OK;
    }
    ta_ik_aim_desc d = {0};
    d.weight = 1.0f;
    if (node_field(model, gltf, step, "node", what, &d.node) != CLI_OK ||
        vec_field(step, "target", what, &d.target) != CLI_OK || vec_field(step, "forward", what, &d.forward) != CLI_OK ||
        vec_field(step, "up", what, &d.up) != CLI_OK || vec_field(step, "pole", what, &d.pole) != CLI_OK ||
        vec_field(step, "offset", what, &d.offset) != CLI_OK || num_field(step, "weight", what, &d.weight) != CLI_OK ||
        num_field(step, "twist", what, &d.twist) != CLI_OK)
        return CLI_REFUSED;
    ta_quat q = scene->nodes[d.node.index < scene->node_count ? d.node.index : 0].quaternion;
    ta_result r = ta_ik_aim(scene, &d, NULL, &err);
    if (r != TA_OK) return refuse(what, err.message);
    scene->nodes[d.node.index].quaternion = q;
    rig->aim[rig->aim_count++] = d;
    return CLI_OK;
}

int replay_rig_before_update(replay_rig *rig, const ta_mixer *mixer, double delta, const char *what)
{
    if (rig->sync == NULL) return CLI_OK;
    ta_error err = {0};
    if (ta_sync_group_prepare(rig->sync, mixer, ta_duration_from_seconds(delta), &err) != TA_OK)
        return refuse(what, err.message);
    return CLI_OK;
}

int replay_rig_after_update(replay_rig *rig, ta_scene *scene, const char *what)
{
    ta_error err = {0};
    for (uint32_t i = 0; i < rig->two_count; ++i)
        if (ta_ik_two_bone(scene, &rig->two[i], &rig->two_result[i], &err) != TA_OK) return refuse(what, err.message);
    for (uint32_t i = 0; i < rig->aim_count; ++i)
        if (ta_ik_aim(scene, &rig->aim[i], &rig->aim_result[i], &err) != TA_OK) return refuse(what, err.message);
    return CLI_OK;
}

static void world_point(const ta_mat4 *m, ta_vec3 p, double *out)
{
    for (int r = 0; r < 3; ++r)
        out[r] = (double)m->m[r] * p.x + (double)m->m[4 + r] * p.y + (double)m->m[8 + r] * p.z + (double)m->m[12 + r];
}

static double dist(const double *a, const double *b)
{
    return sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
}

/* Each chain as the world matrices show it after the IK: for two-bone, the end's distance to the
 * target and the two bones' lengths; for aim, the angle between the aiming line and the target. */
void replay_rig_print(FILE *out, const replay_rig *rig, const ta_scene *scene)
{
    if (rig->sync != NULL) {
        fprintf(out, ", \"sync\": {\"leader\": %d, \"phases\": [", (int)ta_sync_group_leader(rig->sync));
        for (uint32_t i = 0; i < ta_sync_group_count(rig->sync); ++i)
            fprintf(out, "%s%.9g", i ? ", " : "", ta_sync_group_phase(rig->sync, i));
        fputs("]}", out);
    }
    if (rig->two_count + rig->aim_count == 0) return;
    fputs(", \"ik\": [", out);
    ta_vec3 zero = ta_vec3_make(0, 0, 0);
    for (uint32_t i = 0; i < rig->two_count; ++i) {
        const ta_ik_two_bone_desc *d = &rig->two[i];
        ta_mat4 ms = ta_scene_world_matrix(scene, d->start), mm = ta_scene_world_matrix(scene, d->mid),
                me = ta_scene_world_matrix(scene, d->end);
        double s[3], m[3], e[3], t[3] = {d->target.x, d->target.y, d->target.z};
        world_point(&ms, zero, s), world_point(&mm, zero, m), world_point(&me, zero, e);
        fprintf(out, "%s{\"kind\": \"two_bone\", \"reached\": %s, \"miss\": %.9g, \"lengths\": [%.9g, %.9g]}",
                i ? ", " : "", rig->two_result[i].reached ? "true" : "false", dist(e, t), dist(s, m), dist(m, e));
    }
    for (uint32_t i = 0; i < rig->aim_count; ++i) {
        const ta_ik_aim_desc *d = &rig->aim[i];
        ta_mat4 w = ta_scene_world_matrix(scene, d->node);
        ta_vec3 f = d->forward;
        if (f.x == 0 && f.y == 0 && f.z == 0) f = ta_vec3_make(1, 0, 0);
        double o[3], tip[3], t[3] = {d->target.x, d->target.y, d->target.z};
        world_point(&w, d->offset, o);
        world_point(&w, ta_vec3_make(d->offset.x + f.x, d->offset.y + f.y, d->offset.z + f.z), tip);
        double a[3] = {tip[0] - o[0], tip[1] - o[1], tip[2] - o[2]}, b[3] = {t[0] - o[0], t[1] - o[1], t[2] - o[2]};
        double cx = a[1] * b[2] - a[2] * b[1], cy = a[2] * b[0] - a[0] * b[2], cz = a[0] * b[1] - a[1] * b[0];
        double angle = atan2(sqrt(cx * cx + cy * cy + cz * cz), a[0] * b[0] + a[1] * b[1] + a[2] * b[2]);
        fprintf(out, "%s{\"kind\": \"aim\", \"reached\": %s, \"angle\": %.9g}", (i || rig->two_count) ? ", " : "",
                rig->aim_result[i].reached ? "true" : "false", angle);
    }
    fputs("]", out);
}

void replay_rig_free(replay_rig *rig)
{
    ta_sync_group_destroy(rig->sync);
    rig->sync = NULL;
}
