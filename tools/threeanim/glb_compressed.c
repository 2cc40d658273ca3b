/* A glTF file written again with compressed clips as its animations (glb_compressed.h). */
#include "glb_compressed.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "glb_writer.h"
#include "gltf_source.h"


static size_t accessor_bytes(const json_t *a)
{
    static const struct {
        const char *name;
        size_t n;
    } types[] = {{"SCALAR", 1}, {"VEC2", 2}, {"VEC3", 3}, {"VEC4", 4}, {"MAT2", 4}, {"MAT3", 9}, {"MAT4", 16}};
    const char *type = json_string_value(json_object_get(a, "type"));
    const json_int_t ct = json_integer_value(json_object_get(a, "componentType"));
    size_t n = 0;
    for (size_t i = 0; type != NULL && i < sizeof types / sizeof types[0]; ++i)
        if (strcmp(type, types[i].name) == 0) n = types[i].n;
    const size_t size = ct == 5126 || ct == 5125 ? 4 : ct == 5122 || ct == 5123 ? 2 : 1;
    return (size_t)json_integer_value(json_object_get(a, "count")) * n * size;
}

/* Marks (mark != NULL) or renumbers (map != NULL) the accessor index at value. */
static void visit_accessor(json_t *value, bool *mark, const uint32_t *map, size_t count)
{
    if (!json_is_integer(value)) return;
    const json_int_t i = json_integer_value(value);
    if (i < 0 || (size_t)i >= count) return;
    if (mark != NULL) mark[i] = true;
    if (map != NULL) json_integer_set(value, map[i]);
}

/* Every accessor reference outside the animations: meshes, skins, GPU instancing. */
static void walk_accessors(json_t *doc, bool *mark, const uint32_t *map, size_t count)
{
    json_t *meshes = json_object_get(doc, "meshes"), *mesh, *prim, *target, *skin, *node, *v;
    size_t i, j, k;
    const char *key;
    json_array_foreach(meshes, i, mesh) {
        json_array_foreach(json_object_get(mesh, "primitives"), j, prim) {
            json_object_foreach(json_object_get(prim, "attributes"), key, v) visit_accessor(v, mark, map, count);
            visit_accessor(json_object_get(prim, "indices"), mark, map, count);
            json_array_foreach(json_object_get(prim, "targets"), k, target) {
                json_object_foreach(target, key, v) visit_accessor(v, mark, map, count);
            }
        }
    }
    json_array_foreach(json_object_get(doc, "skins"), i, skin) {
        visit_accessor(json_object_get(skin, "inverseBindMatrices"), mark, map, count);
    }
    json_array_foreach(json_object_get(doc, "nodes"), i, node) {
        json_t *inst = json_object_get(json_object_get(node, "extensions"), "EXT_mesh_gpu_instancing");
        json_object_foreach(json_object_get(inst, "attributes"), key, v) visit_accessor(v, mark, map, count);
    }
}

/* Every "bufferView" reference in value (accessors, their sparse parts, images, extensions):
 * marked, or renumbered by map. */
static void walk_views(json_t *value, bool *mark, const uint32_t *map, size_t count)
{
    const char *key;
    json_t *v;
    size_t i;
    if (json_is_object(value)) {
        json_object_foreach(value, key, v) {
            if (strcmp(key, "bufferView") == 0 && json_is_integer(v)) {
                const json_int_t at = json_integer_value(v);
                if (at >= 0 && (size_t)at < count) {
                    if (mark != NULL) mark[at] = true;
                    if (map != NULL) json_integer_set(v, map[at]);
                }
            } else if (strcmp(key, "bufferViews") != 0 && strcmp(key, "animations") != 0) {
                walk_views(v, mark, map, count);
            }
        }
    } else if (json_is_array(value)) {
        json_array_foreach(value, i, v) walk_views(v, mark, map, count);
    }
}

/* The samplers' accessors of the animations kept as they were (keep[i]; keep NULL: none): marked,
 * or renumbered by map. */
static void walk_kept_animations(json_t *doc, const bool *keep, bool *mark, const uint32_t *map, size_t count)
{
    json_t *animation, *sampler;
    size_t i, j;
    json_array_foreach(json_object_get(doc, "animations"), i, animation) {
        if (keep == NULL || !keep[i]) continue;
        json_array_foreach(json_object_get(animation, "samplers"), j, sampler) {
            visit_accessor(json_object_get(sampler, "input"), mark, map, count);
            visit_accessor(json_object_get(sampler, "output"), mark, map, count);
        }
    }
}

/* The accessors of the old animations not kept marked; their bytes. */
static size_t mark_animations(json_t *doc, const bool *keep, bool *anim, size_t count)
{
    json_t *animation, *sampler, *accessors = json_object_get(doc, "accessors");
    size_t i, j, bytes = 0;
    json_array_foreach(json_object_get(doc, "animations"), i, animation) {
        if (keep != NULL && keep[i]) continue;
        json_array_foreach(json_object_get(animation, "samplers"), j, sampler) {
            const char *ends[2] = {"input", "output"};
            for (int e = 0; e < 2; ++e) {
                const json_int_t a = json_integer_value(json_object_get(sampler, ends[e]));
                if (a < 0 || (size_t)a >= count || anim[a]) continue;
                anim[a] = true;
                bytes += accessor_bytes(json_array_get(accessors, (size_t)a));
            }
        }
    }
    return bytes;
}

/* The accessors nothing but the old animations not kept use dropped, the others renumbered;
 * dropped[v]: the dropped accessors' bytes in view v. The document's animations are left for the
 * caller (the kept ones' accessors renumbered). */
static ta_result drop_animation_accessors(json_t *doc, const bool *keep, size_t *before, size_t *dropped, ta_error *err)
{
    json_t *accessors = json_object_get(doc, "accessors");
    const size_t n = json_array_size(accessors);
    bool *anim = calloc(n + 1, sizeof *anim), *used = calloc(n + 1, sizeof *used);
    uint32_t *map = calloc(n + 1, sizeof *map);
    json_t *kept = json_array();
    if (anim == NULL || used == NULL || map == NULL || kept == NULL) {
        free(anim), free(used), free(map), json_decref(kept);
        return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    *before = mark_animations(doc, keep, anim, n);
    walk_accessors(doc, used, NULL, n);
    walk_kept_animations(doc, keep, used, NULL, n);
    for (size_t i = 0; i < n; ++i) {
        map[i] = (uint32_t)json_array_size(kept);
        json_t *acc = json_array_get(accessors, i);
        const json_int_t view = json_integer_value(json_object_get(acc, "bufferView"));
        if (!anim[i] || used[i])
            json_array_append(kept, acc);
        else if (view >= 0 && (size_t)view < json_array_size(json_object_get(doc, "bufferViews")))
            dropped[view] += accessor_bytes(acc);
    }
    walk_accessors(doc, NULL, map, n);
    walk_kept_animations(doc, keep, NULL, map, n);
    json_object_set_new(doc, "accessors", kept);
    free(anim), free(used), free(map);
    return TA_OK;
}

static const char *image_mime(const char *uri)
{
    const char *dot = strrchr(uri, '.');
    if (dot == NULL) return NULL;
    if (strcmp(dot, ".png") == 0) return "image/png";
    if (strcmp(dot, ".jpg") == 0 || strcmp(dot, ".jpeg") == 0) return "image/jpeg";
    if (strcmp(dot, ".webp") == 0) return "image/webp";
    if (strcmp(dot, ".ktx2") == 0) return "image/ktx2";
    return NULL;
}

/* The views still referenced, copied into w's buffer and renumbered; external images embedded. */
static ta_result copy_views(json_t *doc, const gltf_source *src, const char *in_path, glb_writer *w, const size_t *dropped,
                            size_t *dead, ta_error *err)
{
    json_t *views = json_object_get(doc, "bufferViews");
    const size_t n = json_array_size(views);
    bool *used = calloc(n + 1, sizeof *used);
    uint32_t *map = calloc(n + 1, sizeof *map);
    json_t *kept = json_array();
    ta_result r = TA_OK;
    if (used == NULL || map == NULL || kept == NULL) r = cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    if (r == TA_OK) walk_views(doc, used, NULL, n);
    for (size_t i = 0; i < n && r == TA_OK; ++i) {
        if (!used[i]) continue;
        *dead += dropped[i];
        json_t *view = json_deep_copy(json_array_get(views, i));
        const json_int_t buffer = json_integer_value(json_object_get(view, "buffer"));
        const json_int_t offset = json_integer_value(json_object_get(view, "byteOffset"));
        const json_int_t length = json_integer_value(json_object_get(view, "byteLength"));
        if (buffer < 0 || (uint32_t)buffer >= src->buffer_count || src->buffers[buffer].data == NULL || offset < 0 ||
            length < 0 || (size_t)offset + (size_t)length > src->buffers[buffer].size) {
            json_decref(view);
            r = cli_fail(err, TA_ERROR_PARSE, "%s: bufferView %zu lies outside its buffer (%lld)", in_path, i, (long long)buffer);
            break;
        }
        const size_t at = glb_bytes(w, src->buffers[buffer].data + offset, (size_t)length);
        json_object_set_new(view, "buffer", json_integer(0));
        json_object_set_new(view, "byteOffset", json_integer((json_int_t)at));
        map[i] = (uint32_t)json_array_size(kept);
        json_array_append_new(kept, view);
    }
    if (r == TA_OK) {
        walk_views(doc, NULL, map, n);
        json_object_set_new(doc, "bufferViews", kept);
        kept = NULL;
    }
    json_decref(kept);
    free(used), free(map);
    json_t *image;
    size_t i;
    char dir[4096], file[4096];
    cli_dirname(in_path, dir, sizeof dir);
    json_array_foreach(json_object_get(doc, "images"), i, image) {
        const char *uri = json_string_value(json_object_get(image, "uri"));
        if (r != TA_OK || uri == NULL || strncmp(uri, "data:", 5) == 0) continue;
        const char *mime = image_mime(uri);
        size_t size = 0;
        char *bytes = cli_read_file(cli_join_path(dir, uri, file, sizeof file), &size, err);
        if (bytes == NULL) {
            r = err != NULL ? err->code : TA_ERROR_IO;
            break;
        }
        const size_t at = glb_bytes(w, bytes, size);
        free(bytes);
        json_array_append_new(glb_list(w, "bufferViews"),
                              json_pack("{s:i, s:I, s:I}", "buffer", 0, "byteOffset", (json_int_t)at, "byteLength", (json_int_t)size));
        json_object_del(image, "uri");
        json_object_set_new(image, "bufferView", json_integer((json_int_t)json_array_size(json_object_get(doc, "bufferViews")) - 1));
        if (mime != NULL && json_object_get(image, "mimeType") == NULL) json_object_set_new(image, "mimeType", json_string(mime));
    }
    return r;
}

/* Input accessors written so far, to share one between tracks of equal kept times. */
typedef struct shared_input {
    float *times;
    uint32_t keys, accessor;
} shared_input;

typedef struct anim_writer {
    glb_writer *w;
    shared_input *inputs;
    uint32_t input_count, input_cap;
    size_t bytes;
    bool oom;
} anim_writer;

static uint32_t input_accessor(anim_writer *a, const float *times, uint32_t keys)
{
    for (uint32_t i = 0; i < a->input_count; ++i)
        if (a->inputs[i].keys == keys && memcmp(a->inputs[i].times, times, keys * sizeof *times) == 0)
            return a->inputs[i].accessor;
    if (a->input_count == a->input_cap) {
        uint32_t cap = a->input_cap ? 2 * a->input_cap : 16;
        shared_input *grown = realloc(a->inputs, cap * sizeof *grown);
        if (grown == NULL) {
            a->oom = true;
            return 0;
        }
        a->inputs = grown;
        a->input_cap = cap;
    }
    shared_input *in = &a->inputs[a->input_count];
    in->times = malloc(keys * sizeof *times);
    if (in->times == NULL) {
        a->oom = true;
        return 0;
    }
    memcpy(in->times, times, keys * sizeof *times);
    in->keys = keys;
    in->accessor = glb_floats(a->w, times, keys, "SCALAR", GLB_NO_TARGET, true);
    a->input_count++;
    a->bytes += keys * sizeof *times;
    return in->accessor;
}

/* Whether a constant track's value is the node's own: then no channel is needed. */
static bool at_rest(const ta_node *node, const ta_compressed_track_info *info, const float *v)
{
    const double eps = 1e-6;
    if (info->kind == TA_TRACK_KIND_QUATERNION) {
        const double q[4] = {node->quaternion.x, node->quaternion.y, node->quaternion.z, node->quaternion.w};
        bool same = true, opposite = true;
        for (int c = 0; c < 4; ++c) {
            same = same && fabs(v[c] - q[c]) <= eps;
            opposite = opposite && fabs(v[c] + q[c]) <= eps;
        }
        return same || opposite;
    }
    const ta_vec3 p = info->kind == TA_TRACK_KIND_POSITION ? node->position : node->scale;
    return fabs(v[0] - p.x) <= eps && fabs(v[1] - p.y) <= eps && fabs(v[2] - p.z) <= eps;
}

/* The rotations as normalized int16, each key on the hemisphere of the one before. */
static void to_short(const float *v, uint32_t keys, int16_t *out)
{
    for (uint32_t k = 0; k < keys; ++k) {
        const float *q = v + 4 * (size_t)k;
        double sign = 1;
        if (k > 0) {
            double dot = 0;
            for (int c = 0; c < 4; ++c) dot += q[c] * (out[4 * (k - 1) + c] / 32767.0);
            if (dot < 0) sign = -1;
        }
        for (int c = 0; c < 4; ++c) {
            double x = round(sign * q[c] * 32767.0);
            out[4 * (size_t)k + c] = (int16_t)(x > 32767 ? 32767 : x < -32767 ? -32767 : x);
        }
    }
}

static ta_result add_animation(anim_writer *a, const ta_model *model, const uint32_t *gltf_node, const ta_compressed_clip *clip,
                               const char *name, ta_error *err)
{
    json_t *samplers = json_array(), *channels = json_array();
    json_t *anim = json_pack("{s:s, s:o, s:o}", "name", name, "samplers", samplers, "channels", channels);
    if (anim == NULL || json_array_append_new(glb_list(a->w, "animations"), anim) != 0) return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    const uint32_t tracks = ta_compressed_clip_track_count(clip);
    for (uint32_t i = 0; i < tracks; ++i) {
        ta_compressed_track_info info;
        ta_result r = ta_compressed_clip_track(clip, i, &info, NULL, NULL, err);
        if (r != TA_OK) return r;
        const uint32_t node = info.node.index;
        if (node >= model->scene->node_count || gltf_node[node] == TA_NONE)
            return cli_fail(err, TA_ERROR_MISSING_TARGET, "clip \"%s\": track %u drives node %u, which is no glTF node", name, i, node);
        float *times = malloc(info.keys * sizeof *times), *values = malloc((size_t)info.keys * info.components * sizeof *values);
        int16_t *shorts = malloc((size_t)info.keys * 4 * sizeof *shorts);
        if (times == NULL || values == NULL || shorts == NULL) {
            free(times), free(values), free(shorts);
            return cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
        }
        r = ta_compressed_clip_track(clip, i, &info, times, values, err);
        if (r == TA_OK && !(info.constant && at_rest(&model->scene->nodes[node], &info, values))) {
            const uint32_t input = input_accessor(a, times, info.keys);
            uint32_t output;
            if (info.kind == TA_TRACK_KIND_QUATERNION) {
                to_short(values, info.keys, shorts);
                output = glb_accessor(a->w, shorts, info.keys, "VEC4", 5122, true, GLB_NO_TARGET, NULL, NULL);
                a->bytes += (size_t)info.keys * 8;
            } else {
                output = glb_floats(a->w, values, info.keys, "VEC3", GLB_NO_TARGET, false);
                a->bytes += (size_t)info.keys * 12;
            }
            const char *path = info.kind == TA_TRACK_KIND_POSITION ? "translation"
                               : info.kind == TA_TRACK_KIND_SCALE  ? "scale"
                                                                   : "rotation";
            json_array_append_new(channels, json_pack("{s:I, s:{s:I, s:s}}", "sampler", (json_int_t)json_array_size(samplers),
                                                      "target", "node", (json_int_t)gltf_node[node], "path", path));
            json_array_append_new(samplers, json_pack("{s:I, s:s, s:I}", "input", (json_int_t)input, "interpolation",
                                                      info.interpolation == TA_INTERPOLATION_STEP ? "STEP" : "LINEAR",
                                                      "output", (json_int_t)output));
        }
        free(times), free(values), free(shorts);
        if (r != TA_OK) return r;
    }
    return a->oom ? cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory") : TA_OK;
}

static bool meshopt(const json_t *doc)
{
    json_t *v;
    size_t i;
    json_array_foreach(json_object_get(doc, "extensionsUsed"), i, v) {
        const char *name = json_string_value(v);
        if (name != NULL && (strcmp(name, "EXT_meshopt_compression") == 0 || strcmp(name, "KHR_meshopt_compression") == 0))
            return true;
    }
    return false;
}

/* The first extension IN uses whose objects could name accessors unknown to walk_accessors
 * (NULL: none). The writer drops the old animations' accessors and renumbers the others, so an
 * index it does not know of would point at another accessor, or past the end, with nothing said. */
static const char *unknown_extension(const json_t *doc)
{
    static const char *const known[] = {
        "KHR_materials_", /* every material extension: textures, not accessors */
        "KHR_texture_transform", "KHR_texture_basisu", "EXT_texture_webp", "EXT_texture_avif",
        "KHR_lights_punctual", "EXT_lights_image_based", "KHR_mesh_quantization",
        "EXT_mesh_gpu_instancing", /* walked */
        "KHR_draco_mesh_compression", /* a view (renumbered) and Draco's own attribute ids */
        "KHR_animation_pointer", /* in animations: compressed ones are node tracks; others are kept whole */
        "KHR_xmp_json_ld", "KHR_node_visibility", "MSFT_lod",
    };
    json_t *v;
    size_t i;
    json_array_foreach(json_object_get(doc, "extensionsUsed"), i, v) {
        const char *name = json_string_value(v);
        if (name == NULL) continue;
        bool ok = false;
        for (size_t k = 0; k < sizeof known / sizeof known[0] && !ok; ++k)
            ok = known[k][strlen(known[k]) - 1] == '_' ? strncmp(name, known[k], strlen(known[k])) == 0
                                                       : strcmp(name, known[k]) == 0;
        if (!ok) return name;
    }
    return NULL;
}

ta_result glb_compressed_write(const char *in_path, const ta_model *model, const ta_compressed_clip *const *clips,
                               const bool *keep, const char *out_path, glb_compressed_report *report, ta_error *err)
{
    memset(report, 0, sizeof *report);
    if (model->source_nodes == NULL) return cli_fail(err, TA_ERROR_UNSUPPORTED, "%s: a .glb is written from glTF only", in_path);
    gltf_source src;
    ta_result r = gltf_source_read(in_path, &src, err);
    if (r == TA_OK && meshopt(src.root))
        r = cli_fail(err, TA_ERROR_UNSUPPORTED,
                     "%s: EXT_meshopt_compression: its buffer views are compressed, and a .glb of it is not written "
                     "(write a .tac, or decompress the file first)", in_path);
    const char *unknown = r == TA_OK ? unknown_extension(src.root) : NULL;
    if (unknown != NULL)
        r = cli_fail(err, TA_ERROR_UNSUPPORTED,
                     "%s: extension %s: the .glb is IN with the old animations' accessors dropped and the others "
                     "renumbered, and whether this extension names accessors is not known here; a .glb of it is not "
                     "written (write a .tac)", in_path, unknown);
    if (r == TA_OK && src.missing != UINT32_MAX)
        r = cli_fail(err, TA_ERROR_IO, "%s: buffer %u could not be read", in_path, src.missing);
    uint32_t *gltf_node = r == TA_OK ? malloc((model->scene->node_count + 1u) * sizeof *gltf_node) : NULL;
    if (r == TA_OK && gltf_node == NULL) r = cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    glb_writer w;
    glb_init(&w);
    if (r == TA_OK) {
        for (uint32_t i = 0; i < model->scene->node_count; ++i) gltf_node[i] = TA_NONE;
        for (uint32_t i = 0; i < model->source_node_count; ++i)
            if (model->source_nodes[i].index < model->scene->node_count) gltf_node[model->source_nodes[i].index] = i;
        json_decref(w.doc);
        w.doc = json_deep_copy(src.root);
        if (w.doc == NULL) r = cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    size_t *dropped = r == TA_OK ? calloc(json_array_size(json_object_get(w.doc, "bufferViews")) + 1, sizeof *dropped) : NULL;
    if (r == TA_OK && dropped == NULL) r = cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    if (r == TA_OK && json_array_size(json_object_get(w.doc, "animations")) != model->animation_count)
        r = cli_fail(err, TA_ERROR_PARSE, "%s: %zu animations in the file, %u clips read from it", in_path,
                     json_array_size(json_object_get(w.doc, "animations")), model->animation_count);
    if (r == TA_OK) r = drop_animation_accessors(w.doc, keep, &report->animation_bytes_before, dropped, err);
    if (r == TA_OK) r = copy_views(w.doc, &src, in_path, &w, dropped, &report->dead_bytes, err);
    free(dropped);
    if (r == TA_OK) json_object_set_new(w.doc, "buffers", json_array());
    /* IN's animations in their order: each compressed, kept as it was, or left out */
    json_t *old = r == TA_OK ? json_incref(json_object_get(w.doc, "animations")) : NULL;
    if (r == TA_OK) json_object_del(w.doc, "animations");
    anim_writer a = {&w, NULL, 0, 0, 0, false};
    for (uint32_t c = 0; c < model->animation_count && r == TA_OK; ++c) {
        if (clips[c] != NULL)
            r = add_animation(&a, model, gltf_node, clips[c], ta_clip_name(model->animations[c]), err);
        else if (keep != NULL && keep[c] && json_array_append(glb_list(&w, "animations"), json_array_get(old, c)) != 0)
            r = cli_fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory");
    }
    json_decref(old);
    report->animation_bytes_after = a.bytes;
    if (r == TA_OK) r = glb_write(&w, out_path, err);
    for (uint32_t i = 0; i < a.input_count; ++i) free(a.inputs[i].times);
    free(a.inputs);
    glb_free(&w);
    free(gltf_node);
    gltf_source_free(&src);
    return r;
}
