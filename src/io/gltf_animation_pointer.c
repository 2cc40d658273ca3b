/* KHR_animation_pointer channels (three.js 0.186.0's GLTFLoader does not read
 * them). A channel names its property with a JSON pointer into the glTF
 * Asset Object Model; the pointers this library can drive become typed tracks:
 *
 *   /nodes/N/translation | rotation | scale        POSITION, QUATERNION, SCALE of node N
 *   /nodes/N/weights                               the weights traversal from node N
 *   /nodes/N/extensions/KHR_node_visibility/visible VISIBLE (STEP samplers only)
 *   /meshes/M/weights                              every mesh made from mesh M
 *   /materials/N/pbrMetallicRoughness/baseColorFactor  MATERIAL_COLOR (rgb) and
 *                                                  MATERIAL_OPACITY (alpha)
 *   .../pbrMetallicRoughness/metallicFactor | roughnessFactor  METALNESS, ROUGHNESS
 *   /materials/N/emissiveFactor                    MATERIAL_EMISSIVE
 *   /materials/N/alphaCutoff                       MATERIAL_ALPHA_TEST (alphaMode MASK)
 *   /materials/N/extensions/KHR_materials_emissive_strength/emissiveStrength
 *                                                  MATERIAL_EMISSIVE_INTENSITY
 *   .../KHR_materials_ior/ior, .../KHR_materials_specular/specularFactor,
 *   .../KHR_materials_clearcoat/clearcoatFactor | clearcoatRoughnessFactor
 *                                                  IOR, SPECULAR_INTENSITY, CLEARCOAT(_ROUGHNESS)
 *   /materials/N/pbrMetallicRoughness/baseColorTexture/extensions/
 *       KHR_texture_transform/offset | scale | rotation   MAP_OFFSET, MAP_REPEAT, MAP_ROTATION
 *   /extensions/KHR_lights_punctual/lights/N/color | intensity | range
 *                                                  LIGHT_COLOR, LIGHT_INTENSITY, LIGHT_DISTANCE
 *   .../lights/N/spot/outerConeAngle               LIGHT_ANGLE
 *   .../lights/N/spot/innerConeAngle               LIGHT_PENUMBRA = 1 - inner / outer, with
 *                                                  the light's outer angle as the file gives it
 *   /cameras/N/perspective/yfov | znear | zfar     CAMERA_FOV (radians to degrees), NEAR, FAR
 *   /cameras/N/orthographic/znear | zfar           CAMERA_NEAR, CAMERA_FAR
 *   /cameras/N/orthographic/xmag                   CAMERA_ZOOM = xmag as the file gives it / xmag
 *
 * ("spot.innerConeAngle" is read as "spot/innerConeAngle".) A light, camera
 * or mesh used by several nodes gets one track per use. Colors are linear, as
 * the file gives them and as the color tracks take them.
 *
 * Approximations, each said in a warning: xmag drives the orthographic zoom,
 * which scales ymag too and runs as 1/xmag between keys; an animated
 * outerConeAngle does not move the penumbra that the inner angle sets.
 * Everything else (aspectRatio, ymag, other material or extension properties,
 * pointers to things that are not there) is left out with a warning. The
 * pointer of each kind is TA_TRACK_KIND_LIST's gltf column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "animation/track_kinds.h"
#include "io/gltf_internal.h"

#define MAX_SEGMENTS 10
#define SEGMENT_SIZE 64

typedef struct pointer_parts {
    char seg[MAX_SEGMENTS][SEGMENT_SIZE];
    uint32_t count;
} pointer_parts;

/* RFC 6901: "/a/b~1c" is ["a", "b/c"]; ~0 is '~'. False for a pointer this
 * loader has no use for (too many or too long segments, bad escapes). */
static bool split_pointer(const char *p, pointer_parts *out)
{
    out->count = 0;
    if (p[0] != '/') return false;
    const char *s = p + 1;
    for (;;) {
        if (out->count == MAX_SEGMENTS) return false;
        char *seg = out->seg[out->count++];
        size_t n = 0;
        while (*s && *s != '/') {
            char c = *s++;
            if (c == '~') {
                if (*s == '0')
                    c = '~';
                else if (*s == '1')
                    c = '/';
                else
                    return false;
                s++;
            }
            if (n + 1 >= SEGMENT_SIZE) return false;
            seg[n++] = c;
        }
        seg[n] = '\0';
        if (*s == '\0') return true;
        s++;
    }
}

/* A segment that is an array index: digits, no leading zero. */
static bool segment_index(const char *seg, uint32_t limit, uint32_t *out)
{
    if (!*seg || (seg[0] == '0' && seg[1]) || strlen(seg) > 10) return false;
    uint64_t v = 0;
    for (const char *c = seg; *c; ++c) {
        if (*c < '0' || *c > '9') return false;
        v = v * 10 + (uint64_t)(*c - '0');
    }
    if (v >= limit) return false;
    *out = (uint32_t)v;
    return true;
}

static bool seg_is(const pointer_parts *pp, uint32_t i, const char *s)
{
    return i < pp->count && strcmp(pp->seg[i], s) == 0;
}

/* Each kind's pointer below its object's index, from TA_TRACK_KIND_LIST. */
static const char *const kind_pointers[TA_TRACK_KIND_COUNT] = {
#define X(value, name, size, type, family, element, holder, property, json, range, unit, gltf) gltf,
    TA_TRACK_KIND_LIST(X)
#undef X
};

/* True when the segments from `from` on are those of path ("a/b/c"), all of them. */
static bool segs_are(const pointer_parts *pp, uint32_t from, const char *path)
{
    uint32_t i = from;
    for (const char *p = path;; ++i) {
        size_t n = strcspn(p, "/");
        if (i >= pp->count || strlen(pp->seg[i]) != n || strncmp(pp->seg[i], p, n) != 0) return false;
        if (p[n] == '\0') break;
        p += n + 1;
    }
    return i + 1 == pp->count;
}

/* The kind of family whose pointer the segments from `from` on are (the
 * first in enum order: MATERIAL_COLOR before MATERIAL_OPACITY). */
static bool pointer_kind(const pointer_parts *pp, uint32_t from, ta_target_family family, ta_track_kind *out)
{
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k)
        if (kind_pointers[k] != NULL && ta_track_kind_family((ta_track_kind)k) == family &&
            segs_are(pp, from, kind_pointers[k])) {
            *out = (ta_track_kind)k;
            return true;
        }
    return false;
}

bool ta__gltf_channel_path_kind(const char *path, ta_track_kind *out)
{
    for (int k = 0; k < TA_TRACK_KIND_COUNT; ++k) {
        ta_target_family family = ta_track_kind_family((ta_track_kind)k);
        if (kind_pointers[k] != NULL && strchr(kind_pointers[k], '/') == NULL &&
            (family == TA_TARGET_FAMILY_NODE || family == TA_TARGET_FAMILY_MESH) && strcmp(kind_pointers[k], path) == 0) {
            *out = (ta_track_kind)k;
            return true;
        }
    }
    return false;
}

typedef struct pointer_ctx {
    gltf_ctx *g;
    const gltf_sampler_data *s;
    const char *pointer;
    const char *cp;
    gltf_track_list *list;
} pointer_ctx;

static ta_result leave_out(pointer_ctx *pc, const char *why)
{
    ta__model_warn_at(pc->g->model, strstr(why, "loaded scene") ? TA_LOAD_WARNING_CODE_NOT_IN_SCENE : TA_LOAD_WARNING_CODE_UNKNOWN_PATH,
                      pc->cp, "pointer \"%s\" %s; left out", pc->pointer, why);
    return TA_OK;
}

/* Output numbers per key (per cubic spline section). */
static ta_result stride_of(pointer_ctx *pc, uint32_t want, uint32_t *out)
{
    uint64_t per = (uint64_t)pc->s->key_count * (pc->s->interpolation == TA_INTERPOLATION_CUBIC_SPLINE ? 3u : 1u);
    if (pc->s->value_count != per * want)
        return ta__fail(pc->g->err, TA_ERROR_PARSE,
                        "%s: pointer \"%s\" takes %u numbers per key, and %s's output holds %u for %u keys", pc->cp,
                        pc->pointer, want, pc->s->path, pc->s->value_count, pc->s->key_count);
    *out = want;
    return TA_OK;
}

static ta_result add(pointer_ctx *pc, ta_track_target target, uint32_t value_size, uint32_t stride, uint32_t first,
                     double scale)
{
    gltf_track_spec spec;
    memset(&spec, 0, sizeof spec);
    spec.target = target;
    spec.value_size = value_size;
    spec.stride = stride;
    spec.first = first;
    spec.value_scale = scale;
    return ta__gltf_add_track(pc->g, pc->s, &spec, pc->cp, pc->list);
}

static ta_result node_pointer(pointer_ctx *pc, const pointer_parts *pp)
{
    gltf_ctx *g = pc->g;
    uint32_t n;
    if (!segment_index(pp->seg[1], g->node_count, &n)) return leave_out(pc, "names no node of the file");
    ta_node_id made = g->node_info[n].made;
    if (ta_node_is_none(made)) return leave_out(pc, "names a node that is not in the loaded scene");
    ta_result r;
    uint32_t stride = 0;
    ta_track_target t;
    ta_track_kind kind;
    bool found = pointer_kind(pp, 2, TA_TARGET_FAMILY_NODE, &kind);
    if (found && kind != TA_TRACK_KIND_VISIBLE) {
        uint32_t size = ta_track_kind_value_size(kind);
        if ((r = stride_of(pc, size, &stride)) != TA_OK) return r;
        if ((r = ta_track_target_node(made, kind, &t, g->err)) != TA_OK) return r;
        return add(pc, t, size, stride, 0, 1);
    }
    if (segs_are(pp, 2, kind_pointers[TA_TRACK_KIND_MORPH_INFLUENCE])) {
        uint32_t count;
        if ((r = ta__gltf_add_weights_tracks(g, pc->s, made, pc->cp, pc->list, &count)) != TA_OK) return r;
        if (count == 0) return leave_out(pc, "names a node with no mesh with morph targets");
        return TA_OK;
    }
    if (found) { /* VISIBLE: a flag from any number */
        if (pc->s->interpolation != TA_INTERPOLATION_STEP) return leave_out(pc, "is a flag, and its sampler is not STEP");
        if ((r = stride_of(pc, 1, &stride)) != TA_OK) return r;
        /* bool: 0 is false, any other value true. */
        float *flags = (float *)ta__gltf_arena_alloc(&g->arena, pc->s->key_count, sizeof(float));
        if (flags == NULL) return ta__gltf_oom(g, pc->cp);
        for (uint32_t k = 0; k < pc->s->key_count; ++k) flags[k] = pc->s->values[k] != 0 ? 1.0f : 0.0f;
        gltf_sampler_data s = *pc->s;
        s.values = flags;
        s.value_count = pc->s->key_count;
        if ((r = ta_track_target_node(made, TA_TRACK_KIND_VISIBLE, &t, g->err)) != TA_OK) return r;
        gltf_track_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.target = t;
        spec.value_size = spec.stride = 1;
        spec.value_scale = 1;
        return ta__gltf_add_track(g, &s, &spec, pc->cp, pc->list);
    }
    return leave_out(pc, "names a node property this library does not drive");
}

static ta_result material_pointer(pointer_ctx *pc, const pointer_parts *pp)
{
    gltf_ctx *g = pc->g;
    uint32_t m;
    if (!segment_index(pp->seg[1], g->material_count, &m)) return leave_out(pc, "names no material of the file");
    ta_material_id id = ta_material_at(m);
    ta_result r;
    uint32_t stride = 0;
    ta_track_target t;
    ta_track_kind kind;
    if (!pointer_kind(pp, 2, TA_TARGET_FAMILY_MATERIAL, &kind)) {
        if (pp->count == 7 && seg_is(pp, 2, "pbrMetallicRoughness") && seg_is(pp, 3, "baseColorTexture") &&
            seg_is(pp, 4, "extensions") && seg_is(pp, 5, "KHR_texture_transform"))
            return leave_out(pc, "names a texture transform property this library does not drive");
        return leave_out(pc, "names a material property this library does not drive");
    }
    if (kind == TA_TRACK_KIND_MATERIAL_COLOR) { /* baseColorFactor: rgb, and alpha the opacity */
        if ((r = stride_of(pc, 4, &stride)) != TA_OK) return r;
        if ((r = ta_track_target_material(id, TA_TRACK_KIND_MATERIAL_COLOR, &t, g->err)) != TA_OK) return r;
        if ((r = add(pc, t, 3, stride, 0, 1)) != TA_OK) return r;
        if ((r = ta_track_target_material(id, TA_TRACK_KIND_MATERIAL_OPACITY, &t, g->err)) != TA_OK) return r;
        return add(pc, t, 1, stride, 3, 1);
    }
    if (kind == TA_TRACK_KIND_MATERIAL_ALPHA_TEST) {
        const char *mode = json_string_value(ta__jget(json_array_get(g->materials, m), "alphaMode"));
        if (mode == NULL || strcmp(mode, "MASK") != 0)
            return leave_out(pc, "names the alphaCutoff of a material whose alphaMode is not MASK");
    }
    if (ta__kind_on_map(kind) && g->material_map[m].index == TA_NONE)
        return leave_out(pc, "names the map of a material that has none");
    uint32_t size = ta_track_kind_value_size(kind);
    if ((r = stride_of(pc, size, &stride)) != TA_OK) return r;
    if ((r = ta_track_target_material(id, kind, &t, g->err)) != TA_OK) return r;
    return add(pc, t, size, stride, 0, 1);
}

static ta_result light_pointer(pointer_ctx *pc, const pointer_parts *pp)
{
    gltf_ctx *g = pc->g;
    uint32_t l;
    if (pp->count < 5 || !segment_index(pp->seg[3], g->light_count, &l))
        return leave_out(pc, "names no KHR_lights_punctual light of the file");
    const gltf_light_info *li = &g->light_info[l];
    /* "spot/innerConeAngle", or as one segment "spot.innerConeAngle". */
    pointer_parts dotted = *pp;
    char *dot = pp->count == 5 ? strchr(dotted.seg[4], '.') : NULL;
    if (dot != NULL) {
        *dot = '\0';
        snprintf(dotted.seg[5], SEGMENT_SIZE, "%s", dot + 1);
        dotted.count = 6;
    }
    ta_track_kind kind;
    if ((pp->count != 5 && pp->count != 6) || !pointer_kind(&dotted, 4, TA_TARGET_FAMILY_LIGHT, &kind))
        return leave_out(pc, "names a light property this library does not drive");
    uint32_t size = ta_track_kind_value_size(kind);
    if (li->made_count == 0) return leave_out(pc, "names a light that no node of the loaded scene carries");
    if ((kind == TA_TRACK_KIND_LIGHT_ANGLE || kind == TA_TRACK_KIND_LIGHT_PENUMBRA) && !li->spot)
        return leave_out(pc, "names a cone angle of a light that is not a spot light");
    ta_result r;
    uint32_t stride = 0;
    if ((r = stride_of(pc, size, &stride)) != TA_OK) return r;
    if (kind == TA_TRACK_KIND_LIGHT_ANGLE)
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_APPROXIMATED, pc->cp,
                          "pointer \"%s\": the penumbra keeps the value the file's outerConeAngle gives it",
                          pc->pointer);
    for (uint32_t k = 0; k < li->made_count; ++k) {
        ta_track_target t;
        if ((r = ta_track_target_light(ta_light_at(li->made[k]), kind, &t, g->err)) != TA_OK) return r;
        if (kind == TA_TRACK_KIND_LIGHT_PENUMBRA) {
            /* penumbra = 1 - inner / outer: build the keys here. */
            uint32_t sections = pc->s->interpolation == TA_INTERPOLATION_CUBIC_SPLINE ? 3 : 1;
            uint32_t n = pc->s->value_count;
            float *v = (float *)ta__gltf_arena_alloc(&g->arena, n, sizeof(float));
            if (v == NULL) return ta__gltf_oom(g, pc->cp);
            for (uint32_t i = 0; i < n; ++i) {
                bool value = sections == 1 || i % 3 == 1;
                v[i] = value ? (float)(1.0 - pc->s->values[i] / li->outer) : (float)(-pc->s->values[i] / li->outer);
            }
            gltf_sampler_data s = *pc->s;
            s.values = v;
            gltf_track_spec spec;
            memset(&spec, 0, sizeof spec);
            spec.target = t;
            spec.value_size = spec.stride = 1;
            spec.value_scale = 1;
            if ((r = ta__gltf_add_track(g, &s, &spec, pc->cp, pc->list)) != TA_OK) return r;
            continue;
        }
        if ((r = add(pc, t, size, stride, 0, 1)) != TA_OK) return r;
    }
    return TA_OK;
}

static ta_result camera_pointer(pointer_ctx *pc, const pointer_parts *pp)
{
    gltf_ctx *g = pc->g;
    uint32_t c;
    if (!segment_index(pp->seg[1], g->camera_count, &c)) return leave_out(pc, "names no camera of the file");
    const gltf_camera_info *ci = &g->camera_info[c];
    if (pp->count != 4) return leave_out(pc, "names a camera property this library does not drive");
    const char *type = ci->orthographic ? "orthographic" : "perspective";
    if (!seg_is(pp, 2, type)) return leave_out(pc, "names the other projection than the camera's");
    ta_track_kind kind;
    /* yfov is a perspective camera's, xmag an orthographic one's */
    if (!pointer_kind(pp, 3, TA_TARGET_FAMILY_PERSPECTIVE_CAMERA, &kind) || (kind == TA_TRACK_KIND_CAMERA_FOV && ci->orthographic) ||
        (kind == TA_TRACK_KIND_CAMERA_ZOOM && !ci->orthographic))
        return leave_out(pc, "names a camera property this library does not drive");
    double scale = kind == TA_TRACK_KIND_CAMERA_FOV ? 180.0 / TA_PI : 1;
    bool reciprocal = kind == TA_TRACK_KIND_CAMERA_ZOOM;
    if (ci->made_count == 0) return leave_out(pc, "names a camera that no node of the loaded scene carries");
    ta_result r;
    uint32_t stride = 0;
    if ((r = stride_of(pc, 1, &stride)) != TA_OK) return r;
    if (reciprocal)
        ta__model_warn_at(g->model, TA_LOAD_WARNING_CODE_APPROXIMATED, pc->cp,
                          "pointer \"%s\" drives the camera's zoom (%g / xmag), which scales ymag with it and "
                          "runs as 1/xmag between keys",
                          pc->pointer, ci->xmag);
    for (uint32_t k = 0; k < ci->made_count; ++k) {
        gltf_track_spec spec;
        memset(&spec, 0, sizeof spec);
        r = ci->orthographic
                ? ta_track_target_orthographic_camera(ta_orthographic_camera_at(ci->made[k]), kind, &spec.target, g->err)
                : ta_track_target_perspective_camera(ta_perspective_camera_at(ci->made[k]), kind, &spec.target, g->err);
        if (r != TA_OK) return r;
        spec.value_size = 1;
        spec.stride = stride;
        spec.value_scale = scale;
        spec.reciprocal = reciprocal;
        spec.reciprocal_numerator = ci->xmag;
        if ((r = ta__gltf_add_track(g, pc->s, &spec, pc->cp, pc->list)) != TA_OK) return r;
    }
    return TA_OK;
}

ta_result ta__gltf_pointer_channel(gltf_ctx *g, const gltf_sampler_data *s, const char *pointer, const char *channel_path,
                                gltf_track_list *list)
{
    pointer_ctx pc = {g, s, pointer, channel_path, list};
    pointer_parts pp;
    if (!split_pointer(pointer, &pp) || pp.count < 2) return leave_out(&pc, "is not a pointer this library reads");
    if (seg_is(&pp, 0, "nodes")) return node_pointer(&pc, &pp);
    if (seg_is(&pp, 0, "materials")) return material_pointer(&pc, &pp);
    if (seg_is(&pp, 0, "cameras")) return camera_pointer(&pc, &pp);
    if (seg_is(&pp, 0, "meshes") && segs_are(&pp, 2, kind_pointers[TA_TRACK_KIND_MORPH_INFLUENCE])) {
        uint32_t m, count;
        if (!segment_index(pp.seg[1], g->mesh_count, &m)) return leave_out(&pc, "names no mesh of the file");
        ta_result r = ta__gltf_add_mesh_weights_tracks(g, s, m, channel_path, list, &count);
        if (r != TA_OK) return r;
        if (count == 0) return leave_out(&pc, "names a mesh with no morph targets in the loaded scene");
        return TA_OK;
    }
    if (seg_is(&pp, 0, "extensions") && seg_is(&pp, 1, "KHR_lights_punctual") && seg_is(&pp, 2, "lights"))
        return light_pointer(&pc, &pp);
    return leave_out(&pc, "names a property this library does not drive");
}
