/* Animations: one clip per glTF animation, named as GLTFLoader names it
 * ("animation_N" when unnamed), with one track per channel (translation,
 * rotation, scale) or, for weights, one track per morph target of every mesh
 * the channel drives.
 *
 * The weights traversal is GLTFLoader's _createAnimationTracks: the object made
 * for the node if it is a mesh with morph targets, and, when that object is a
 * Group (a mesh of several primitives, or a node carrying several objects), each
 * of its children that is one -- the Group's primitive meshes, and child glTF
 * nodes made as morph meshes. three.js makes one ".morphTargetInfluences"
 * track per mesh holding every weight of a key; here that track is split by
 * its stride into one MORPH_INFLUENCE (or SKINNED_MORPH_INFLUENCE) track per
 * target. A mesh takes as many weights as it has targets (three.js's binding
 * copies that many), however many that is.
 *
 * Key times are read as three.js reads them (the raw numbers of the input
 * accessor); outputs are normalized. A rotation key that is not of unit length
 * within the track's tolerance is normalized, with a warning, since the track
 * refuses it and three.js would slerp it as it is. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animation/track_kinds.h"
#include "io/clip_user_data.h"
#include "io/gltf_internal.h"
#include "threeanim/rebind.h"

ta_result ta__gltf_read_sampler(gltf_ctx *g, const json_t *samplers, uint32_t a, uint32_t s, gltf_sampler_data *out)
{
    memset(out, 0, sizeof *out);
    ta__jpath_format(out->path, "animations[%u].samplers[%u]", a, s);
    const char *sp = out->path;
    json_t *def = json_array_get(samplers, s);
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", sp);
    ta_result r;
    uint32_t input, output;
    if ((r = ta__jget_index(g->err, def, sp, "input", g->accessor_count, "accessors", &input)) != TA_OK) return r;
    if ((r = ta__jget_index(g->err, def, sp, "output", g->accessor_count, "accessors", &output)) != TA_OK) return r;
    if (input == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.input: is missing", sp);
    if (output == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.output: is missing", sp);
    const char *interp;
    if ((r = ta__jget_string(g->err, def, sp, "interpolation", false, &interp)) != TA_OK) return r;
    if (interp == NULL || strcmp(interp, "LINEAR") == 0)
        out->interpolation = TA_INTERPOLATION_LINEAR;
    else if (strcmp(interp, "STEP") == 0)
        out->interpolation = TA_INTERPOLATION_STEP;
    else if (strcmp(interp, "CUBICSPLINE") == 0)
        out->interpolation = TA_INTERPOLATION_CUBIC_SPLINE;
    else
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.interpolation: \"%s\" is not LINEAR, STEP or CUBICSPLINE", sp,
                        interp);
    char p[TA__JPATH_SIZE];
    uint32_t count, comps;
    ta__jpath_format(p, "%s.input", sp);
    /* The key limit, before the keys are read. */
    const gltf_accessor *claimed;
    if ((r = ta__gltf_accessor(g, input, p, &claimed)) != TA_OK) return r;
    if (g->total_keys + claimed->count > g->lim.max_total_keys)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "%s: %u more keys pass limits.max_total_keys (%llu)", p,
                        claimed->count, (unsigned long long)g->lim.max_total_keys);
    if ((r = ta__gltf_accessor_floats(g, input, p, false, &out->times, &count, &comps)) != TA_OK) return r;
    if (comps != 1)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: accessor %u holds %u numbers per element, not one time (SCALAR)",
                        p, input, comps);
    out->key_count = count;
    ta__jpath_format(p, "%s.output", sp);
    if ((r = ta__gltf_accessor_floats(g, output, p, true, &out->values, &count, &comps)) != TA_OK) return r;
    out->value_count = count * comps;
    out->comps = comps;
    out->component_type = g->accessor_state[output].component_type;
    out->normalized = g->accessor_state[output].normalized;
    return TA_OK;
}

/* Numbers per key (per section of a cubic spline key) of a weights sampler;
 * 0 (after a warning) when they are not one SCALAR per morph target per key. */
static uint32_t key_stride(gltf_ctx *g, const gltf_sampler_data *s, const char *channel_path)
{
    if (s->comps != 1) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_OUTPUT_TYPE, channel_path,
                          "weights fed by %s, whose output holds %u numbers per element, not one (SCALAR); left out",
                          s->path, s->comps);
        return 0;
    }
    uint64_t per = (uint64_t)s->key_count * (s->interpolation == TA_INTERPOLATION_CUBIC_SPLINE ? 3u : 1u);
    if (s->value_count % per != 0 || s->value_count == 0) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_WEIGHTS_COUNT, channel_path,
                          "%s's output holds %u weights, which do not divide into %llu %s for its %u keys; left out",
                          s->path, s->value_count, (unsigned long long)per,
                          s->interpolation == TA_INTERPOLATION_CUBIC_SPLINE ? "in-tangent/value/out-tangent triples" : "keys",
                          s->key_count);
        return 0;
    }
    return (uint32_t)(s->value_count / per);
}

ta_result ta__gltf_add_track(gltf_ctx *g, const gltf_sampler_data *s, const gltf_track_spec *spec,
                          const char *channel_path, gltf_track_list *list)
{
    if (g->total_tracks + 1 > g->lim.max_tracks)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "%s: a track past limits.max_tracks (%u)", channel_path,
                        g->lim.max_tracks);
    if (g->total_keys + s->key_count > g->lim.max_total_keys)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "%s: %u more keys pass limits.max_total_keys (%llu)",
                        channel_path, s->key_count, (unsigned long long)g->lim.max_total_keys);
    uint32_t K = s->key_count, S = spec->value_size, stride = spec->stride;
    bool cubic = s->interpolation == TA_INTERPOLATION_CUBIC_SPLINE;
    uint32_t sections = cubic ? 3 : 1;
    if ((uint64_t)K * stride * sections != s->value_count || spec->first + S > stride)
        return ta__fail(g->err, TA_ERROR_PARSE, "%s: %s's output holds %u numbers, not %u per key for %u keys",
                        channel_path, s->path, s->value_count, stride * sections, K);
    size_t n = (size_t)K * S;
    if (n > UINT32_MAX)
        return ta__fail(g->err, TA_ERROR_LIMIT_EXCEEDED, "%s: %u keys of %u numbers are more than a track holds",
                        channel_path, K, S);
    float *values = (float *)ta__gltf_arena_alloc(&g->arena, n, sizeof(float));
    float *in_t = cubic ? (float *)ta__gltf_arena_alloc(&g->arena, n, sizeof(float)) : NULL;
    float *out_t = cubic ? (float *)ta__gltf_arena_alloc(&g->arena, n, sizeof(float)) : NULL;
    if (values == NULL || (cubic && (in_t == NULL || out_t == NULL))) return ta__gltf_oom(g, channel_path);
    for (uint32_t k = 0; k < K; ++k) {
        const float *key = s->values + (size_t)k * stride * sections;
        const float *vsec = key + (cubic ? stride : 0) + spec->first;
        for (uint32_t c = 0; c < S; ++c) {
            double v = vsec[c];
            double slope = spec->value_scale;
            if (spec->reciprocal) {
                if (v == 0)
                    return ta__fail(g->err, TA_ERROR_PARSE, "%s: %s key %u is 0, which has no reciprocal", channel_path,
                                    s->path, k);
                slope = -spec->reciprocal_numerator / (v * v);
                v = spec->reciprocal_numerator / v;
            } else {
                v *= spec->value_scale;
            }
            values[(size_t)k * S + c] = (float)v;
            if (cubic) {
                in_t[(size_t)k * S + c] = (float)(key[spec->first + c] * slope);
                out_t[(size_t)k * S + c] = (float)(key[2 * stride + spec->first + c] * slope);
            }
        }
    }
    if (spec->target.kind == TA_TRACK_KIND_QUATERNION) {
        uint32_t fixed = 0;
        for (uint32_t k = 0; k < K; ++k) {
            float *q = values + (size_t)k * 4;
            double len = sqrt((double)q[0] * q[0] + (double)q[1] * q[1] + (double)q[2] * q[2] + (double)q[3] * q[3]);
            if (fabs(len - 1) <= TA__ROTATION_UNIT_TOLERANCE || !isfinite(len)) continue;
            ta_quat u = ta_quat_normalize(ta_quat_make(q[0], q[1], q[2], q[3]));
            q[0] = u.x;
            q[1] = u.y;
            q[2] = u.z;
            q[3] = u.w;
            fixed++;
        }
        if (fixed > 0 && spec->integer_rotation)
            ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_ROTATION_NORMALIZED, channel_path,
                              "rotation fed by %s, whose output holds integers that are not normalized (glTF allows "
                              "them only normalized): %u of %u keys made of unit length, the turn their integers name",
                              s->path, fixed, K);
        else if (fixed > 0)
            ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_ROTATION_NORMALIZED, channel_path,
                              "%u of %u rotation keys were not of unit length and were normalized", fixed, K);
    }
    gltf_cut cut = {s->interpolation, spec->target.kind == TA_TRACK_KIND_QUATERNION, K, S, s->times, values, in_t, out_t};
    ta_result r = ta__gltf_cut_at_zero(g, &cut, channel_path);
    if (r != TA_OK) return r;
    ta_track_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.target = spec->target;
    desc.interpolation = s->interpolation;
    desc.times = cut.times;
    desc.key_count = cut.key_count;
    desc.values = cut.values;
    desc.value_count = cut.key_count * S;
    desc.in_tangents = cut.in_tangents;
    desc.out_tangents = cut.out_tangents;
    desc.tangent_count = cubic ? cut.key_count * S : 0;
    if ((r = ta__gltf_grow(g, (void **)&list->items, &list->cap, list->count + 1, sizeof(ta_track *))) != TA_OK) return r;
    ta_track *track;
    if ((r = ta_track_create(&desc, &g->mem->a, &track, g->err)) != TA_OK) {
        ta__prefix(g->err, r, "%s (%s)", channel_path, s->path);
        return r;
    }
    list->items[list->count++] = track;
    g->total_tracks++;
    g->total_keys += K;
    return TA_OK;
}

/* One track per morph target of a made mesh, from the weights of a key. */
static ta_result add_mesh_morph_tracks(gltf_ctx *g, const gltf_sampler_data *s, const gltf_made_mesh *mesh,
                                       uint32_t stride, const char *channel_path, gltf_track_list *list, uint32_t *made)
{
    uint32_t n = mesh->morph_total < stride ? mesh->morph_total : stride;
    for (uint32_t t = 0; t < n; ++t) {
        gltf_track_spec spec;
        memset(&spec, 0, sizeof spec);
        ta_result r = mesh->skinned ? ta_track_target_skinned_morph(ta_skinned_mesh_at(mesh->index), t, &spec.target, g->err)
                                    : ta_track_target_morph(ta_mesh_at(mesh->index), t, &spec.target, g->err);
        if (r != TA_OK) return r;
        spec.value_size = 1;
        spec.stride = stride;
        spec.first = t;
        spec.value_scale = 1;
        if ((r = ta__gltf_add_track(g, s, &spec, channel_path, list)) != TA_OK) return r;
        (*made)++;
    }
    return TA_OK;
}

/* The meshes a weights channel drives, gathered so that all are checked
 * before any track is made. */
typedef struct weights_meshes {
    const gltf_made_mesh **items; /* arena, room for every candidate */
    uint32_t count;
} weights_meshes;

/* Whether a mesh finds a weight for each of its morph targets in every key;
 * warns and says false when it does not (three.js would read the weights of
 * the next slot of its mixer's buffer). Extra weights are not read, as in
 * three.js, which copies as many as the mesh has targets: said in a warning. */
static bool weights_fit(gltf_ctx *g, const gltf_sampler_data *s, const gltf_made_mesh *mesh, uint32_t stride,
                        const char *channel_path)
{
    if (mesh->morph_total > stride) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_WEIGHTS_COUNT, channel_path,
                          "%s holds %u weights per key, fewer than the %u morph targets of a mesh it drives; left out",
                          s->path, stride, mesh->morph_total);
        return false;
    }
    return true;
}

static ta_result make_weights(gltf_ctx *g, const gltf_sampler_data *s, const weights_meshes *w, uint32_t stride,
                              const char *channel_path, gltf_track_list *list, uint32_t *made)
{
    for (uint32_t k = 0; k < w->count; ++k)
        if (!weights_fit(g, s, w->items[k], stride, channel_path)) return TA_OK;
    for (uint32_t k = 0; k < w->count; ++k)
        if (w->items[k]->morph_total < stride) {
            ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_WEIGHTS_COUNT, channel_path,
                              "%s holds %u weights per key; a mesh with %u morph targets it drives takes the first %u",
                              s->path, stride, w->items[k]->morph_total, w->items[k]->morph_total);
            break;
        }
    for (uint32_t k = 0; k < w->count; ++k) {
        ta_result r = add_mesh_morph_tracks(g, s, w->items[k], stride, channel_path, list, made);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}

static void gather(weights_meshes *w, const gltf_made_mesh *mesh)
{
    if (mesh->morph_total > 0) w->items[w->count++] = mesh;
}

/* The tracks for the meshes gathered in w; nothing when there is none, and
 * *made UINT32_MAX when the keys do not fit them (warned) or none was made. */
static ta_result weights_tracks(gltf_ctx *g, const gltf_sampler_data *s, const weights_meshes *w,
                                const char *channel_path, gltf_track_list *list, uint32_t *made)
{
    if (w->count == 0) return TA_OK;
    uint32_t stride = key_stride(g, s, channel_path);
    if (stride == 0) {
        *made = UINT32_MAX; /* warned */
        return TA_OK;
    }
    ta_result r = make_weights(g, s, w, stride, channel_path, list, made);
    if (r == TA_OK && *made == 0) *made = UINT32_MAX;
    return r;
}

ta_result ta__gltf_add_weights_tracks(gltf_ctx *g, const gltf_sampler_data *s, ta_node_id node, const char *channel_path,
                                   gltf_track_list *list, uint32_t *made)
{
    *made = 0;
    weights_meshes w;
    memset(&w, 0, sizeof w);
    const ta_scene *scene = g->model->scene;
    uint32_t room = 1;
    for (ta_node_id c = scene->nodes[node.index].first_child; !ta_node_is_none(c); c = scene->nodes[c.index].next_sibling)
        room++;
    w.items = (const gltf_made_mesh **)ta__gltf_arena_alloc(&g->arena, room, sizeof *w.items);
    if (w.items == NULL) return ta__gltf_oom(g, channel_path);
    const gltf_node_mesh *own = &g->node_mesh[node.index];
    if (own->has) gather(&w, &own->mesh);
    if (scene->nodes[node.index].type == TA_NODE_TYPE_GROUP)
        for (ta_node_id c = scene->nodes[node.index].first_child; !ta_node_is_none(c);
             c = scene->nodes[c.index].next_sibling)
            if (g->node_mesh[c.index].has) gather(&w, &g->node_mesh[c.index].mesh);
    return weights_tracks(g, s, &w, channel_path, list, made);
}

ta_result ta__gltf_add_mesh_weights_tracks(gltf_ctx *g, const gltf_sampler_data *s, uint32_t mesh,
                                        const char *channel_path, gltf_track_list *list, uint32_t *made)
{
    *made = 0;
    weights_meshes w;
    memset(&w, 0, sizeof w);
    const gltf_mesh_info *mi = &g->mesh_info[mesh];
    w.items = (const gltf_made_mesh **)ta__gltf_arena_alloc(&g->arena, mi->made_count + 1u, sizeof *w.items);
    if (w.items == NULL) return ta__gltf_oom(g, channel_path);
    for (uint32_t k = 0; k < mi->made_count; ++k) gather(&w, &mi->made[k]);
    return weights_tracks(g, s, &w, channel_path, list, made);
}

static void destroy_tracks(gltf_track_list *list)
{
    for (uint32_t i = 0; i < list->count; ++i) ta_track_destroy(list->items[i]);
    list->count = 0;
}

/* A translation, rotation, scale or weights channel, of the kind its path names. */
static ta_result node_channel(gltf_ctx *g, const gltf_sampler_data *s, uint32_t node, const char *path,
                              ta_track_kind kind, const char *cp, gltf_track_list *list)
{
    ta_node_id made = g->node_info[node].made;
    ta_result r;
    if (kind == TA_TRACK_KIND_MORPH_INFLUENCE) {
        uint32_t count;
        if ((r = ta__gltf_add_weights_tracks(g, s, made, cp, list, &count)) != TA_OK) return r;
        if (count == 0)
            ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_NO_TARGET, cp,
                              "node %u has no mesh with morph targets for its weights; left out", node);
        return TA_OK;
    }
    gltf_track_spec spec;
    memset(&spec, 0, sizeof spec);
    uint32_t want = ta_track_kind_value_size(kind);
    if (s->comps != want) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_OUTPUT_TYPE, cp,
                          "%s fed by %s, whose output holds %u numbers per element, not %u (%s); left out", path,
                          s->path, s->comps, want, want == 4 ? "VEC4" : "VEC3");
        return TA_OK;
    }
    if (kind != TA_TRACK_KIND_QUATERNION && s->component_type != GLTF_FLOAT && !s->normalized) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_INTEGER_OUTPUT, cp,
                          "%s fed by %s, whose output holds integers that are not normalized; left out", path,
                          s->path);
        return TA_OK;
    }
    if ((r = ta_track_target_node(made, kind, &spec.target, g->err)) != TA_OK) return r;
    /* a quaternion's length does not change its turn: read as they are, its keys made unit length below */
    spec.integer_rotation = kind == TA_TRACK_KIND_QUATERNION && s->component_type != GLTF_FLOAT && !s->normalized;
    spec.value_size = spec.stride = want;
    spec.value_scale = 1;
    return ta__gltf_add_track(g, s, &spec, cp, list);
}

/* The object GLTFLoader makes for glTF node i is a mesh with morph targets. */
static bool morph_mesh_object(const gltf_ctx *g, uint32_t i)
{
    const gltf_node_info *n = &g->node_info[i];
    uint32_t objects = (n->mesh != TA_NONE) + (n->camera != TA_NONE) + (n->light != TA_NONE);
    if (n->is_bone || objects != 1 || n->mesh == TA_NONE) return false;
    const gltf_mesh_info *mi = &g->mesh_info[n->mesh];
    return mi->prim_count == 1 && mi->prims[0].morph_count > 0;
}

/* Whether GLTFLoader's weights traversal from node i finds a mesh: asked of
 * nodes outside the default scene, whose objects are not made here. */
static bool weights_find_a_mesh(const gltf_ctx *g, uint32_t i)
{
    const gltf_node_info *n = &g->node_info[i];
    if (morph_mesh_object(g, i)) return true;
    uint32_t objects = (n->mesh != TA_NONE) + (n->camera != TA_NONE) + (n->light != TA_NONE);
    const gltf_mesh_info *mi = n->mesh != TA_NONE ? &g->mesh_info[n->mesh] : NULL;
    bool group = !n->is_bone && (objects > 1 || (objects == 1 && mi != NULL && mi->prim_count > 1));
    if (!group) return false;
    if (mi != NULL) {
        if (objects > 1 && mi->prim_count == 1 && mi->prims[0].morph_count > 0) return true;
        if (objects == 1)
            for (uint32_t p = 0; p < mi->prim_count; ++p)
                if (mi->prims[p].morph_count > 0) return true;
    }
    json_t *children = ta__jget(n->def, "children");
    for (size_t k = 0; k < json_array_size(children); ++k)
        if (morph_mesh_object(g, (uint32_t)json_number_value(json_array_get(children, k)))) return true;
    return false;
}

/* Adds the channel's tracks to list. *three_end becomes the last key time of
 * the tracks GLTFLoader makes for it (also for the channels left out here, on
 * nodes outside the default scene or on paths not driven), since three.js's
 * clip lasts as long as all of them. */
static ta_result channel(gltf_ctx *g, uint32_t a, uint32_t c, const json_t *ch, const json_t *samplers,
                         uint32_t sampler_count, gltf_track_list *list, double *three_end, double *first_time)
{
    char cp[TA__JPATH_SIZE];
    ta__jpath_format(cp, "animations[%u].channels[%u]", a, c);
    ta_result r;
    uint32_t sampler, node;
    if ((r = ta__jget_index(g->err, ch, cp, "sampler", sampler_count, "samplers of the animation", &sampler)) != TA_OK)
        return r;
    if (sampler == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.sampler: is missing", cp);
    json_t *target = ta__jget(ch, "target");
    char tp[TA__JPATH_SIZE];
    ta__jpath_format(tp, "%s.target", cp);
    const char *path;
    if ((r = ta__jget_string(g->err, target, tp, "path", false, &path)) != TA_OK) return r;
    if (path == NULL) return ta__fail(g->err, TA_ERROR_PARSE, "%s.path: is missing", tp);
    node = TA_NONE;
    if ((r = ta__jget_index(g->err, target, tp, "node", g->node_count, "nodes", &node)) != TA_OK) return r;

    if (strcmp(path, "pointer") == 0) {
        json_t *ext, *ptr;
        char ep[TA__JPATH_SIZE];
        ta__jpath_format(ep, "%s.extensions", tp);
        if ((r = ta__jget_object(g->err, target, tp, "extensions", &ext)) != TA_OK) return r;
        if ((r = ta__jget_object(g->err, ext, ep, "KHR_animation_pointer", &ptr)) != TA_OK) return r;
        const char *pointer;
        ta__jpath_format(ep, "%s.extensions.KHR_animation_pointer", tp);
        if ((r = ta__jget_string(g->err, ptr, ep, "pointer", false, &pointer)) != TA_OK) return r;
        if (pointer == NULL) {
            ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_UNKNOWN_PATH, tp,
                              "path \"pointer\" without a KHR_animation_pointer pointer; left out");
            return TA_OK;
        }
        gltf_sampler_data s;
        if ((r = ta__gltf_read_sampler(g, samplers, a, sampler, &s)) != TA_OK) return r;
        *first_time = s.times[0];
        return ta__gltf_pointer_channel(g, &s, pointer, cp, list);
    }
    ta_track_kind kind = TA_TRACK_KIND_COUNT;
    bool known = ta__gltf_channel_path_kind(path, &kind);
    gltf_sampler_data s;
    if (node != TA_NONE) {
        if ((r = ta__gltf_read_sampler(g, samplers, a, sampler, &s)) != TA_OK) return r;
        *first_time = s.times[0];
        if (kind != TA_TRACK_KIND_MORPH_INFLUENCE || weights_find_a_mesh(g, node)) {
            double end = s.times[s.key_count - 1];
            if (end > *three_end) *three_end = end;
        }
    }
    if (!known) {
        char pp[TA__JPATH_SIZE];
        ta__jpath_format(pp, "%s.path", tp);
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_UNKNOWN_PATH, pp, "\"%s\" is not a path this library drives; left out",
                          path);
        return TA_OK;
    }
    if (node == TA_NONE) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_NO_TARGET, tp, "has no node; left out");
        return TA_OK;
    }
    if (ta_node_is_none(g->node_info[node].made)) {
        char np[TA__JPATH_SIZE];
        ta__jpath_format(np, "%s.node", tp);
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_NOT_IN_SCENE, np, "node %u is not in the loaded scene; left out",
                          node);
        return TA_OK;
    }
    return node_channel(g, &s, node, path, kind, cp, list);
}

/* Whether a failure is the file's (the channel or animation is left out with a
 * warning) rather than the caller's or the machine's (the load fails). */
static bool leave_out_on(ta_result r)
{
    return r != TA_ERROR_OUT_OF_MEMORY && r != TA_ERROR_LIMIT_EXCEEDED && r != TA_ERROR_IO &&
           r != TA_ERROR_UNSUPPORTED && r != TA_ERROR_INVALID_ARGUMENT;
}

/* Undoes what a channel that failed half way added. */
static void drop_tracks_from(gltf_ctx *g, gltf_track_list *list, uint32_t from, uint32_t tracks, uint64_t keys)
{
    for (uint32_t i = from; i < list->count; ++i) ta_track_destroy(list->items[i]);
    list->count = from;
    g->total_tracks = tracks;
    g->total_keys = keys;
}

/* The error in g->err becomes a warning of code at path. */
static void error_to_warning(gltf_ctx *g, ta_load_warning_code code, const char *path, const char *done)
{
    ta__model_warn_at(g->model, code, path, "%s (%s); %s", g->err->message, ta_result_name(g->err->code), done);
    ta__clear(g->err);
}

/* Reads the animation's channels into list; a channel that cannot be read is
 * left out with a warning (with options->strict, the load fails). */
static ta_result read_channels(gltf_ctx *g, uint32_t a, const char *ap, gltf_track_list *list, double *three_end)
{
    json_t *def = json_array_get(g->animations, a);
    json_t *channels, *samplers;
    uint32_t channel_count, sampler_count;
    ta_result r;
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", ap);
    if ((r = ta__jget_array(g->err, def, ap, "channels", &channels, &channel_count)) != TA_OK) return r;
    if ((r = ta__jget_array(g->err, def, ap, "samplers", &samplers, &sampler_count)) != TA_OK) return r;
    for (uint32_t c = 0; c < channel_count; ++c) {
        json_t *ch = json_array_get(channels, c);
        uint32_t from = list->count, tracks = g->total_tracks;
        uint64_t keys = g->total_keys;
        double first_time = 0;
        r = channel(g, a, c, ch, samplers, sampler_count, list, three_end, &first_time);
        if (r != TA_OK) {
            if (g->strict || !leave_out_on(r)) return r;
            drop_tracks_from(g, list, from, tracks, keys);
            char cp[TA__JPATH_SIZE];
            ta__jpath_format(cp, "%s.channels[%u]", ap, c);
            error_to_warning(g, TA_LOAD_WARNING_CODE_BAD_CHANNEL, cp, "the channel is left out");
            continue;
        }
        if (list->count > from && first_time < 0) {
            char cp[TA__JPATH_SIZE];
            ta__jpath_format(cp, "%s.channels[%u]", ap, c);
            ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_KEYS_BEFORE_ZERO, cp,
                              "keys from %g s; cut at 0 with a key there that holds the curve's value", first_time);
        }
    }
    return TA_OK;
}

/* Animation a becomes clip a, always: with the tracks of the channels kept,
 * lasting as long as GLTFLoader's clip. A clip left with no track, or lasting
 * no time, is still made (ta_clip_options.allow_empty). */
static ta_result animation(gltf_ctx *g, uint32_t a, gltf_track_list *list)
{
    char ap[TA__JPATH_SIZE];
    ta__jpath_format(ap, "animations[%u]", a);
    json_t *def = json_array_get(g->animations, a);
    const char *name = NULL;
    char fallback[32];
    snprintf(fallback, sizeof fallback, "animation_%u", a);
    list->count = 0;
    double three_end = 0;
    ta_result r = json_is_object(def) ? ta__jget_string(g->err, def, ap, "name", false, &name) : TA_OK;
    if (r == TA_OK) r = read_channels(g, a, ap, list, &three_end);
    if (name == NULL || !*name) name = fallback;
    if (r != TA_OK) {
        if (g->strict || !leave_out_on(r)) return r;
        destroy_tracks(list);
        three_end = 0;
        error_to_warning(g, TA_LOAD_WARNING_CODE_BAD_ANIMATION, ap, "its clip is kept with no tracks");
    } else if (list->count == 0) {
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_NO_TRACKS, ap,
                          "\"%s\" has no channel this library can drive; its clip is kept with no tracks", name);
    }
    ta_clip_options opts;
    memset(&opts, 0, sizeof opts);
    opts.allocator = &g->mem->a;
    opts.allow_empty = true;
    /* As long as GLTFLoader's clip, which also counts tracks bound to
     * nothing in the scene (and so loops at the same time). */
    double end = three_end;
    for (uint32_t i = 0; i < list->count; ++i) {
        double d = ta_track_duration(list->items[i]).seconds;
        if (d > end) end = d;
    }
    opts.duration = end;
    /* Markers ride in the animation's extras; nothing else there becomes user
     * data, so a file reads as three.js reads it. A malformed list refuses the
     * file even when not strict: the list is this library's own field, and
     * marker events silently lost would be found only by a game that waits
     * for them. */
    ta_clip_marker *marks = NULL;
    uint32_t mark_count = 0;
    json_t *list_json = json_object_get(json_object_get(def, "extras"), "markers");
    if (list_json != NULL && (r = ta__markers_from_json(g->mem, list_json, &g->lim, &g->total_markers, &marks, &mark_count,
                                                        g->err)) != TA_OK) {
        ta__prefix(g->err, r, "%s", ap);
        return r;
    }
    opts.markers = marks;
    opts.marker_count = mark_count;
    ta_clip *clip;
    r = ta__user_data_name_markers(ta_clip_create(name, list->items, list->count, &opts, &clip, g->err), g->err);
    ta__markers_free(g->mem, marks, mark_count);
    if (r != TA_OK) {
        ta__prefix(g->err, r, "%s", ap);
        return r;
    }
    list->count = 0; /* the clip owns them */
    /* The clip remembers its nodes' names, so that a mixer refuses to play it
     * on a scene whose nodes at those indices are others (rebind.h). */
    uint32_t n = ta_clip_track_count(clip);
    const char **names = (const char **)ta__gltf_arena_alloc(&g->arena, n + 1u, sizeof(char *));
    if (names == NULL) {
        ta_clip_release(clip);
        return ta__gltf_oom(g, "the clip's node names");
    }
    for (uint32_t i = 0; i < n; ++i) {
        ta_track_target t = ta_track_target_of(ta_clip_track(clip, i));
        names[i] = t.family == TA_TARGET_FAMILY_NODE ? g->model->scene->nodes[t.index].name : NULL;
    }
    if ((r = ta_clip_set_node_names(clip, names, n, g->err)) != TA_OK) {
        ta_clip_release(clip);
        return r;
    }
    return ta__model_push_clip(g->model, clip, ta_node_none(), g->err);
}

ta_result ta__gltf_build_animations(gltf_ctx *g)
{
    gltf_track_list list;
    memset(&list, 0, sizeof list);
    for (uint32_t a = 0; a < g->animation_count; ++a) {
        ta_result r = animation(g, a, &list);
        if (r != TA_OK) {
            destroy_tracks(&list);
            return r;
        }
    }
    return TA_OK;
}
