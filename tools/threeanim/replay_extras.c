/* The replay format's extra ops: markers, masks, root motion, seeks, blend spaces. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "replay.h"
#include "replay_extras.h"

static int refuse(const char *what, const char *message)
{
    fprintf(stderr, "threeanim replay: %s: %s\n", what, message);
    return CLI_REFUSED;
}

int replay_flag(json_t *obj, const char *key, const char *what, bool *out)
{
    json_t *v = json_object_get(obj, key);
    *out = json_is_true(v);
    if (v == NULL || json_is_boolean(v)) return CLI_OK;
    char *text = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);
    char message[200];
    snprintf(message, sizeof message, "%s is %.80s%s, not true or false", key, text != NULL ? text : "?",
             text != NULL && strlen(text) > 80 ? "..." : "");
    free(text);
    return refuse(what, message);
}

int replay_marked_clip(json_t *spec, const char *field, const ta_clip **clip, ta_clip **made)
{
    *made = NULL;
    json_t *list = json_object_get(spec, "markers");
    if (list == NULL) return CLI_OK;
    if (!json_is_array(list)) return refuse(field, "markers is not a list of {\"name\", \"time\"}");
    size_t n = json_array_size(list);
    /* the library's own limit (2^31) refuses sooner; this one keeps the count a uint32_t */
    if (n > UINT32_MAX) {
        char message[120];
        snprintf(message, sizeof message, "markers: %zu markers, more than the %u a clip can hold", n, UINT32_MAX);
        return refuse(field, message);
    }
    ta_clip_marker *marks = calloc(n ? n : 1, sizeof *marks);
    if (marks == NULL) return refuse(field, "out of memory");
    for (size_t i = 0; i < n; ++i) {
        json_t *e = json_array_get(list, i);
        json_t *name = json_object_get(e, "name"), *time = json_object_get(e, "time");
        if (!json_is_string(name) || !json_is_number(time)) {
            free(marks);
            return refuse(field, "markers: each needs a string name and a number time");
        }
        marks[i].name = json_string_value(name);
        marks[i].time = ta_duration_from_seconds(json_number_value(time));
    }
    ta_error err = {0};
    ta_clip *copy = NULL;
    ta_result r = ta_clip_copy(*clip, NULL, &copy, &err);
    if (r == TA_OK) r = ta_clip_set_markers(copy, marks, (uint32_t)n, &err);
    free(marks);
    if (r != TA_OK) {
        ta_clip_release(copy);
        char msg[600];
        snprintf(msg, sizeof msg, "markers: %s", err.message);
        return refuse(field, msg);
    }
    *clip = copy;
    *made = copy;
    return CLI_OK;
}

static int node_of(const ta_model *model, bool gltf, const char *ref, const char *what, ta_node_id *out)
{
    ta_error err = {0};
    if (replay_find_node(model, gltf, ref, out, &err) == TA_OK) return CLI_OK;
    return refuse(what, err.message);
}

/* {"nodes": {ref: w}, "subtrees": {ref: w}, "default": w} */
static int make_mask(const ta_model *model, bool gltf, json_t *step, const char *what, ta_mask **out)
{
    ta_error err = {0};
    ta_mask_options o = {0};
    json_t *def = json_object_get(step, "default");
    if (def != NULL && !json_is_number(def)) return refuse(what, "default is not a number");
    o.default_weight = def != NULL ? (float)json_number_value(def) : 0.0f;
    if (ta_mask_create(&o, out, &err) != TA_OK) return refuse(what, err.message);
    const char *keys[2] = {"subtrees", "nodes"}; /* subtrees first: a node's own weight wins */
    for (int k = 0; k < 2; ++k) {
        json_t *obj = json_object_get(step, keys[k]);
        if (obj == NULL) continue;
        if (!json_is_object(obj)) return refuse(what, "nodes and subtrees map node references to weights");
        const char *ref;
        json_t *w;
        json_object_foreach(obj, ref, w)
        {
            ta_node_id node;
            if (!json_is_number(w)) return refuse(what, "a mask weight is not a number");
            if (node_of(model, gltf, ref, what, &node) != CLI_OK) return CLI_REFUSED;
            ta_result r = k == 0 ? ta_mask_set_subtree(*out, model->scene, node, (float)json_number_value(w), &err)
                                 : ta_mask_set_node(*out, node, (float)json_number_value(w), &err);
            if (r != TA_OK) return refuse(what, err.message);
        }
    }
    return CLI_OK;
}

static bool action_index(json_t *step, uint32_t *out)
{
    json_t *ja = json_object_get(step, "action");
    if (!json_is_integer(ja) || json_integer_value(ja) < 0 || json_integer_value(ja) > UINT32_MAX) return false;
    *out = (uint32_t)json_integer_value(ja);
    return true;
}

/* A number, or a list of `dims` numbers, into out; dims 0: whichever it is (and say which). */
static bool read_coords(json_t *v, uint32_t *dims, float *out)
{
    if (*dims != 2 && json_is_number(v)) {
        *dims = 1;
        out[0] = (float)json_number_value(v);
        return true;
    }
    if (*dims == 1 || !json_is_array(v) || json_array_size(v) != 2) return false;
    for (size_t k = 0; k < 2; ++k) {
        if (!json_is_number(json_array_get(v, k))) return false;
        out[k] = (float)json_number_value(json_array_get(v, k));
    }
    *dims = 2;
    return true;
}

static int blend_refuse(const char *what, const char *message, float *points, uint32_t *tris, ta_action **actions)
{
    free(points);
    free(tris);
    free(actions);
    return refuse(what, message);
}

/* {"op": "blend_space", "points": [p, ...] or [[x, y], ...], "triangles": [[i, j, k], ...],
 *  "actions": [A or null, ...], "parameter": p or [x, y]}: a blend space made for the step,
 * its weights given to the actions. */
static int blend_space_op(ta_mixer *mixer, json_t *step, const char *what)
{
    json_t *pts = json_object_get(step, "points"), *acts = json_object_get(step, "actions");
    json_t *tris = json_object_get(step, "triangles"), *param = json_object_get(step, "parameter");
    if (!json_is_array(pts) || json_array_size(pts) == 0 || json_array_size(pts) > TA_BLEND_SPACE_MAX_POINTS + 1)
        return refuse(what, "points is not a list of numbers (1D) or of [x, y] pairs (2D)");
    uint32_t n = (uint32_t)json_array_size(pts), dims = 0;
    float *points = calloc((size_t)n * 2, sizeof(float));
    uint32_t *corners = calloc(json_is_array(tris) ? json_array_size(tris) * 3 + 1 : 1, sizeof(uint32_t));
    ta_action **actions = calloc(n, sizeof *actions);
    char message[600];
    if (points == NULL || corners == NULL || actions == NULL) return blend_refuse(what, "out of memory", points, corners, actions);
    for (uint32_t i = 0; i < n; ++i) {
        if (!read_coords(json_array_get(pts, i), &dims, points + (size_t)i * dims)) {
            snprintf(message, sizeof message, "points[%u] is not %s", i,
                     dims == 2 ? "an [x, y] pair, as points[0] is" : dims == 1 ? "a number, as points[0] is" : "a number or an [x, y] pair");
            return blend_refuse(what, message, points, corners, actions);
        }
    }
    if (!json_is_array(acts) || json_array_size(acts) != n) {
        snprintf(message, sizeof message, "actions is not a list of %u action indices (or null), one per point", n);
        return blend_refuse(what, message, points, corners, actions);
    }
    ta_error err = {0};
    for (uint32_t i = 0; i < n; ++i) {
        json_t *a = json_array_get(acts, i);
        if (json_is_null(a)) continue;
        if (!json_is_integer(a) || json_integer_value(a) < 0 || json_integer_value(a) > UINT32_MAX) {
            snprintf(message, sizeof message, "actions[%u] is not an action index or null", i);
            return blend_refuse(what, message, points, corners, actions);
        }
        if (ta_mixer_action(mixer, (uint32_t)json_integer_value(a), &actions[i], &err) != TA_OK) {
            snprintf(message, sizeof message, "actions[%u]: %s", i, err.message);
            return blend_refuse(what, message, points, corners, actions);
        }
    }
    uint32_t tcount = 0;
    if (tris != NULL) {
        if (!json_is_array(tris)) return blend_refuse(what, "triangles is not a list of [i, j, k]", points, corners, actions);
        tcount = (uint32_t)json_array_size(tris);
        for (uint32_t t = 0; t < tcount; ++t) {
            json_t *tri = json_array_get(tris, t);
            for (uint32_t k = 0; k < 3; ++k) {
                json_t *c = json_array_get(tri, k);
                if (json_array_size(tri) != 3 || !json_is_integer(c) || json_integer_value(c) < 0 ||
                    json_integer_value(c) > UINT32_MAX) {
                    snprintf(message, sizeof message, "triangles[%u] is not three point indices [i, j, k]", t);
                    return blend_refuse(what, message, points, corners, actions);
                }
                corners[t * 3 + k] = (uint32_t)json_integer_value(c);
            }
        }
    }
    float p[2] = {0.0f, 0.0f};
    uint32_t pdims = dims;
    if (!read_coords(param, &pdims, p)) {
        snprintf(message, sizeof message, "parameter is not %s", dims == 2 ? "an [x, y] pair" : "a number");
        return blend_refuse(what, message, points, corners, actions);
    }
    ta_blend_space_desc desc = {dims, points, n, tcount ? corners : NULL, tcount};
    ta_blend_space *bs = NULL;
    ta_result r = ta_blend_space_create(&desc, NULL, &bs, &err);
    if (r == TA_OK) r = ta_blend_space_apply(bs, p[0], p[1], actions, n, &err);
    ta_blend_space_destroy(bs);
    if (r != TA_OK) return blend_refuse(what, err.message, points, corners, actions);
    free(points);
    free(corners);
    free(actions);
    return CLI_OK;
}

int replay_extra_op(ta_mixer *mixer, const ta_model *model, bool gltf, json_t *step, const char *what,
                    bool *handled, bool *print, bool *root_motion_on)
{
    const char *op = json_string_value(json_object_get(step, "op"));
    *handled = true;
    *print = false;
    ta_error err = {0};
    uint32_t index = 0;
    if (strcmp(op, "blend_space") == 0) return blend_space_op(mixer, step, what);
    if (strcmp(op, "seek_reports") == 0) {
        json_t *v = json_object_get(step, "value");
        if (!json_is_boolean(v)) return refuse(what, "value is not true or false");
        ta_mixer_set_seek_reports(mixer, json_is_true(v));
        return CLI_OK;
    }
    if (strcmp(op, "root_motion") == 0) {
        json_t *node = json_object_get(step, "node");
        if (node == NULL || json_is_null(node)) {
            ta_mixer_set_root_motion(mixer, NULL, &err);
            *root_motion_on = false;
            return CLI_OK;
        }
        if (!json_is_string(node)) return refuse(what, "node is not a node reference");
        ta_root_motion_options o = {0};
        if (node_of(model, gltf, json_string_value(node), what, &o.root) != CLI_OK) return CLI_REFUSED;
        if (replay_flag(step, "keep_vertical", what, &o.keep_vertical) != CLI_OK ||
            replay_flag(step, "yaw", what, &o.yaw) != CLI_OK)
            return CLI_REFUSED;
        if (ta_mixer_set_root_motion(mixer, &o, &err) != TA_OK) return refuse(what, err.message);
        *root_motion_on = true;
        return CLI_OK;
    }
    if (strcmp(op, "set_mask") == 0 || strcmp(op, "clear_mask") == 0 || strcmp(op, "seek_action") == 0) {
        if (!action_index(step, &index)) return refuse(what, "needs an action index");
        ta_action *a = NULL;
        if (ta_mixer_action(mixer, index, &a, &err) != TA_OK) return refuse(what, err.message);
        if (op[1] == 'e' && op[2] == 'e') { /* seek_action */
            json_t *by = json_object_get(step, "by");
            if (!json_is_number(by)) return refuse(what, "needs a number by");
            bool report = false;
            if (replay_flag(step, "report", what, &report) != CLI_OK) return CLI_REFUSED;
            if (ta_mixer_seek_action(mixer, index, ta_duration_from_seconds(json_number_value(by)), report, &err) != TA_OK)
                return refuse(what, err.message);
            *print = true;
            return CLI_OK;
        }
        ta_mask *mask = NULL;
        if (op[0] == 's' && make_mask(model, gltf, step, what, &mask) != CLI_OK) {
            ta_mask_destroy(mask);
            return CLI_REFUSED;
        }
        ta_result r = ta_action_set_mask(a, mask, &err);
        ta_mask_destroy(mask);
        if (r != TA_OK) return refuse(what, err.message);
        return CLI_OK;
    }
    *handled = false;
    return CLI_OK;
}

void replay_print_marker(FILE *out, ta_mixer *mixer, const ta_animation_event *ev)
{
    ta_action *a = NULL;
    const char *name = "";
    if (ta_mixer_action(mixer, ev->action, &a, NULL) == TA_OK) name = ta_clip_marker_at(ta_action_clip(a), ev->marker).name;
    fprintf(out, "{\"type\": \"marker\", \"action\": %u, \"marker\": %u, \"name\": ", ev->action, ev->marker);
    cli_print_json_string(out, name != NULL ? name : "");
    fprintf(out, ", \"loop\": %lld, \"count\": %lld, \"direction\": %d}", (long long)ev->loop, (long long)ev->count,
            ev->direction);
}

void replay_print_root_motion(FILE *out, const ta_mixer *mixer, bool on)
{
    if (!on) return;
    ta_root_motion rm;
    ta_mixer_root_motion(mixer, &rm);
    fprintf(out, ", \"root_motion\": [%.9g, %.9g, %.9g, %.9g]", (double)rm.translation.x, (double)rm.translation.y,
            (double)rm.translation.z, (double)rm.yaw);
}
