/* The loaders' result: freeing it, and finding a clip in it. */
#include <stdio.h>
#include <string.h>

#include "core/internal.h"
#include "core/suggest.h"
#include "threeanim/model.h"

typedef struct model_internal {
    ta__mem mem;
} model_internal;

void ta_model_destroy(ta_model *model)
{
    if (model == NULL) return;
    ta__mem mem;
    if (model->internal_ != NULL) {
        mem = ((model_internal *)model->internal_)->mem;
    } else {
        ta__mem_init(&mem, NULL, NULL);
    }
    for (uint32_t i = 0; i < model->animation_count; ++i) ta_clip_release(model->animations[i]);
    ta__free(&mem, model->animations, sizeof *model->animations * model->animation_count);
    ta__free(&mem, model->animation_roots, sizeof(ta_node_id) * model->animation_count);
    ta__free(&mem, model->source_nodes, sizeof(ta_node_id) * model->source_node_count);
    ta__free(&mem, model->source_skins, sizeof(ta_skin_id) * model->source_skin_count);
    ta__free(&mem, model->source_primitives, sizeof(ta_model_primitive) * model->source_primitive_count);
    for (uint32_t i = 0; i < model->warning_count; ++i) {
        ta__free_str(&mem, model->warnings[i]);
        ta__free_str(&mem, (char *)model->warning_list[i].path);
        ta__free_str(&mem, (char *)model->warning_list[i].what);
    }
    ta__free(&mem, model->warnings, sizeof(char *) * model->warning_count);
    ta__free(&mem, model->warning_list, sizeof(ta_load_warning) * model->warning_count);
    ta_scene_destroy(model->scene);
    ta_assets_destroy(model->assets);
    ta_camera_list_destroy(model->cameras);
    ta__free(&mem, model->internal_, sizeof(model_internal));
    ta__free(&mem, model, sizeof *model);
}

ta_result ta_model_find_clip(const ta_model *model, const char *name, uint32_t *out_index, ta_error *err)
{
    if (model == NULL || name == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", model == NULL ? "model" : "name");
    for (uint32_t i = 0; i < model->animation_count; ++i)
        if (strcmp(ta_clip_name(model->animations[i]), name) == 0) {
            if (out_index) *out_index = i;
            return TA_OK;
        }
    if (model->animation_count == 0)
        return ta__fail(err, TA_ERROR_NOT_FOUND, "name: no clip named \"%s\"; the model has no clips", name);
    /* The model's clips, in order, for the caller to pick from. */
    const char *names[64];
    uint32_t listed = model->animation_count < 64 ? model->animation_count : 64;
    for (uint32_t i = 0; i < listed; ++i) names[i] = ta_clip_name(model->animations[i]);
    char list[320] = "";
    ta__append_names(list, sizeof list, names, listed);
    if (listed < model->animation_count)
        snprintf(list + strlen(list), sizeof list - strlen(list), " (of %u)", model->animation_count);
    return ta__fail(err, TA_ERROR_NOT_FOUND, "name: no clip named \"%s\"; the model has %s", name, list);
}

ta_result ta_model_source_node(const ta_model *model, ta_node_id node, uint32_t *out_gltf_node, ta_error *err)
{
    if (model == NULL || out_gltf_node == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", model == NULL ? "model" : "out_gltf_node");
    for (uint32_t i = 0; i < model->source_node_count; ++i)
        if (!ta_node_is_none(model->source_nodes[i]) && model->source_nodes[i].index == node.index) {
            *out_gltf_node = i;
            return TA_OK;
        }
    return ta__fail(err, TA_ERROR_NOT_FOUND, "node: %u was not made from a glTF node", node.index);
}

ta_result ta_model_find_primitive(const ta_model *model, uint32_t gltf_node, uint32_t gltf_primitive,
                                  const ta_model_primitive **out, ta_error *err)
{
    if (model == NULL || out == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", model == NULL ? "model" : "out");
    for (uint32_t i = 0; i < model->source_primitive_count; ++i) {
        const ta_model_primitive *p = &model->source_primitives[i];
        if (p->gltf_node == gltf_node && p->gltf_primitive == gltf_primitive) {
            *out = p;
            return TA_OK;
        }
    }
    return ta__fail(err, TA_ERROR_NOT_FOUND, "gltf_node: no mesh was made from node %u's primitive %u", gltf_node,
                    gltf_primitive);
}

const char *ta_load_warning_name(ta_load_warning_code code)
{
    static const char *const names[TA_LOAD_WARNING_CODE_COUNT] = {
        "OTHER",         "KEYS_BEFORE_ZERO", "NOT_IN_SCENE",  "NO_TARGET",          "UNKNOWN_PATH",
        "WEIGHTS_COUNT", "OUTPUT_TYPE",      "INTEGER_OUTPUT", "BAD_CHANNEL",        "BAD_ANIMATION",
        "NO_TRACKS",     "ROTATION_NORMALIZED", "APPROXIMATED",
    };
    if ((int)code < 0 || code >= TA_LOAD_WARNING_CODE_COUNT) return "?";
    return names[code];
}

/* ---- for the loaders (model_internal.h) ------------------------------------------ */

#include <stdarg.h>
#include <stdio.h>

#include "io/model_internal.h"

ta_result ta__model_create(const ta_allocator *allocator, ta_model **out_model, ta_error *err)
{
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, allocator, err);
    if (r != TA_OK) return r;
    ta_model *m = (ta_model *)ta__calloc(&mem, 1, sizeof *m);
    model_internal *in = (model_internal *)ta__calloc(&mem, 1, sizeof *in);
    if (m == NULL || in == NULL) {
        ta__free(&mem, m, sizeof *m);
        ta__free(&mem, in, sizeof *in);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making a model");
    }
    in->mem = mem;
    m->internal_ = in;
    ta_scene_options so = {allocator, NULL, NULL};
    ta_assets_options ao = {allocator};
    ta_camera_list_options co = {allocator};
    if ((r = ta_scene_create(&so, &m->scene, err)) != TA_OK || (r = ta_assets_create(&ao, &m->assets, err)) != TA_OK ||
        (r = ta_camera_list_create(&co, &m->cameras, err)) != TA_OK) {
        ta_model_destroy(m);
        return r;
    }
    *out_model = m;
    return TA_OK;
}

const ta__mem *ta__model_mem(const ta_model *model)
{
    return &((const model_internal *)model->internal_)->mem;
}

ta_result ta__model_push_clip(ta_model *model, ta_clip *clip, ta_node_id root, ta_error *err)
{
    const ta__mem *mem = ta__model_mem(model);
    uint32_t n = model->animation_count;
    ta_clip **clips = (ta_clip **)ta__alloc(mem, sizeof *clips * (n + 1));
    ta_node_id *roots = (ta_node_id *)ta__alloc(mem, sizeof(ta_node_id) * (n + 1));
    if (clips == NULL || roots == NULL) {
        ta__free(mem, clips, sizeof *clips * (n + 1));
        ta__free(mem, roots, sizeof(ta_node_id) * (n + 1));
        ta_clip_release(clip);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory adding clip %u", n);
    }
    if (n > 0) {
        memcpy(clips, model->animations, sizeof *clips * n);
        memcpy(roots, model->animation_roots, sizeof(ta_node_id) * n);
    }
    ta__free(mem, model->animations, sizeof *clips * n);
    ta__free(mem, model->animation_roots, sizeof(ta_node_id) * n);
    clips[n] = clip;
    roots[n] = root;
    model->animations = clips;
    model->animation_roots = roots;
    model->animation_count = n + 1;
    return TA_OK;
}

static void add_warning(ta_model *model, ta_load_warning_code code, const char *path, const char *what)
{
    const ta__mem *mem = ta__model_mem(model);
    uint32_t n = model->warning_count;
    char line[768];
    snprintf(line, sizeof line, "%s%s%s", path, *path ? ": " : "", what);
    char *copy = ta__strdup(mem, line), *p = ta__strdup(mem, path), *w = ta__strdup(mem, what);
    char **lines = copy && p && w ? (char **)ta__alloc(mem, sizeof(char *) * (n + 1)) : NULL;
    ta_load_warning *list = lines ? (ta_load_warning *)ta__alloc(mem, sizeof(ta_load_warning) * (n + 1)) : NULL;
    if (list == NULL) {
        ta__free(mem, lines, sizeof(char *) * (n + 1));
        ta__free_str(mem, copy);
        ta__free_str(mem, p);
        ta__free_str(mem, w);
        return;
    }
    if (n > 0) {
        memcpy(lines, model->warnings, sizeof(char *) * n);
        memcpy(list, model->warning_list, sizeof(ta_load_warning) * n);
    }
    ta__free(mem, model->warnings, sizeof(char *) * n);
    ta__free(mem, model->warning_list, sizeof(ta_load_warning) * n);
    lines[n] = copy;
    list[n].code = code;
    list[n].path = p;
    list[n].what = w;
    model->warnings = lines;
    model->warning_list = list;
    model->warning_count = n + 1;
}

void ta__model_warn(ta_model *model, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* A line that starts with a JSON path ("skins[1].joints[1]: ...") keeps it
     * as the warning's path. */
    const char *colon = strstr(line, ": ");
    size_t n = colon != NULL ? (size_t)(colon - line) : 0;
    bool path = n > 0 && ((line[0] >= 'a' && line[0] <= 'z') || (line[0] >= 'A' && line[0] <= 'Z')) &&
                strcspn(line, " \"") >= n;
    if (!path) {
        add_warning(model, TA_LOAD_WARNING_CODE_OTHER, "", line);
        return;
    }
    line[n] = '\0';
    add_warning(model, TA_LOAD_WARNING_CODE_OTHER, line, colon + 2);
}

void ta__model_warn_at(ta_model *model, ta_load_warning_code code, const char *path, const char *fmt, ...)
{
    char what[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    add_warning(model, code, path != NULL ? path : "", what);
}
