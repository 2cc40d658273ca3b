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
 * pointers to things that are not there) is left out with a warning. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

typedef struct pointer_ctx {
    gltf_ctx *g;
    const gltf_sampler_data *s;
    const char *pointer;
    const char *cp;
    gltf_track_list *list;
} pointer_ctx;

static ta_result leave_out(pointer_ctx *pc, const char *why)
{
    ta__model_warn_at(pc->g->model, strstr(why, "loaded scene") ? TA_LOAD_WARNING_NOT_IN_SCENE : TA_LOAD_WARNING_UNKNOWN_PATH,
                      pc->cp, "pointer \"%s\" %s; left out", pc->pointer, why);
    return TA_OK;
}

/* Output numbers per key (per cubic spline section). */
static ta_result stride_of(pointer_ctx *pc, uint32_t want, uint32_t *out)
{
    uint64_t per = (uint64_t)pc->s->key_count * (pc->s->interpolation == TA_CUBIC_SPLINE ? 3u : 1u);
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
    return gltf__add_track(pc->g, pc->s, &spec, pc->cp, pc->list);
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
    if (pp->count == 3 && (seg_is(pp, 2, "translation") || seg_is(pp, 2, "scale") || seg_is(pp, 2, "rotation"))) {
        ta_track_kind kind = seg_is(pp, 2, "translation") ? TA_POSITION
                             : seg_is(pp, 2, "scale")     ? TA_SCALE
                                                          : TA_QUATERNION;
        uint32_t size = kind == TA_QUATERNION ? 4 : 3;
        if ((r = stride_of(pc, size, &stride)) != TA_OK) return r;
        if ((r = ta_node_target(made, kind, &t, g->err)) != TA_OK) return r;
        return add(pc, t, size, stride, 0, 1);
    }
    if (pp->count == 3 && seg_is(pp, 2, "weights")) {
        uint32_t count;
        if ((r = gltf__add_weights_tracks(g, pc->s, made, pc->cp, pc->list, &count)) != TA_OK) return r;
        if (count == 0) return leave_out(pc, "names a node with no mesh with morph targets");
        return TA_OK;
    }
    if (pp->count == 5 && seg_is(pp, 2, "extensions") && seg_is(pp, 3, "KHR_node_visibility") &&
        seg_is(pp, 4, "visible")) {
        if (pc->s->interpolation != TA_STEP) return leave_out(pc, "is a flag, and its sampler is not STEP");
        if ((r = stride_of(pc, 1, &stride)) != TA_OK) return r;
        /* bool: 0 is false, any other value true. */
        float *flags = (float *)gltf__arena_alloc(&g->arena, pc->s->key_count, sizeof(float));
        if (flags == NULL) return gltf__oom(g, pc->cp);
        for (uint32_t k = 0; k < pc->s->key_count; ++k) flags[k] = pc->s->values[k] != 0 ? 1.0f : 0.0f;
        gltf_sampler_data s = *pc->s;
        s.values = flags;
        s.value_count = pc->s->key_count;
        if ((r = ta_node_target(made, TA_VISIBLE, &t, g->err)) != TA_OK) return r;
        gltf_track_spec spec;
        memset(&spec, 0, sizeof spec);
        spec.target = t;
        spec.value_size = spec.stride = 1;
        spec.value_scale = 1;
        return gltf__add_track(g, &s, &spec, pc->cp, pc->list);
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
    struct {
        const char *a, *b, *c;
        ta_track_kind kind;
    } numbers[] = {
        {"pbrMetallicRoughness", "metallicFactor", NULL, TA_MATERIAL_METALNESS},
        {"pbrMetallicRoughness", "roughnessFactor", NULL, TA_MATERIAL_ROUGHNESS},
        {"alphaCutoff", NULL, NULL, TA_MATERIAL_ALPHA_TEST},
        {"extensions", "KHR_materials_emissive_strength", "emissiveStrength", TA_MATERIAL_EMISSIVE_INTENSITY},
        {"extensions", "KHR_materials_ior", "ior", TA_MATERIAL_IOR},
        {"extensions", "KHR_materials_specular", "specularFactor", TA_MATERIAL_SPECULAR_INTENSITY},
        {"extensions", "KHR_materials_clearcoat", "clearcoatFactor", TA_MATERIAL_CLEARCOAT},
        {"extensions", "KHR_materials_clearcoat", "clearcoatRoughnessFactor", TA_MATERIAL_CLEARCOAT_ROUGHNESS},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; ++i) {
        uint32_t len = numbers[i].c ? 5 : numbers[i].b ? 4 : 3;
        if (pp->count != len || !seg_is(pp, 2, numbers[i].a) || (numbers[i].b && !seg_is(pp, 3, numbers[i].b)) ||
            (numbers[i].c && !seg_is(pp, 4, numbers[i].c)))
            continue;
        if (numbers[i].kind == TA_MATERIAL_ALPHA_TEST) {
            const char *mode = json_string_value(ta__jget(json_array_get(g->materials, m), "alphaMode"));
            if (mode == NULL || strcmp(mode, "MASK") != 0)
                return leave_out(pc, "names the alphaCutoff of a material whose alphaMode is not MASK");
        }
        if ((r = stride_of(pc, 1, &stride)) != TA_OK) return r;
        if ((r = ta_material_target(id, numbers[i].kind, &t, g->err)) != TA_OK) return r;
        return add(pc, t, 1, stride, 0, 1);
    }
    if (pp->count == 4 && seg_is(pp, 2, "pbrMetallicRoughness") && seg_is(pp, 3, "baseColorFactor")) {
        if ((r = stride_of(pc, 4, &stride)) != TA_OK) return r;
        if ((r = ta_material_target(id, TA_MATERIAL_COLOR, &t, g->err)) != TA_OK) return r;
        if ((r = add(pc, t, 3, stride, 0, 1)) != TA_OK) return r;
        if ((r = ta_material_target(id, TA_MATERIAL_OPACITY, &t, g->err)) != TA_OK) return r;
        return add(pc, t, 1, stride, 3, 1);
    }
    if (pp->count == 3 && seg_is(pp, 2, "emissiveFactor")) {
        if ((r = stride_of(pc, 3, &stride)) != TA_OK) return r;
        if ((r = ta_material_target(id, TA_MATERIAL_EMISSIVE, &t, g->err)) != TA_OK) return r;
        return add(pc, t, 3, stride, 0, 1);
    }
    if (pp->count == 7 && seg_is(pp, 2, "pbrMetallicRoughness") && seg_is(pp, 3, "baseColorTexture") &&
        seg_is(pp, 4, "extensions") && seg_is(pp, 5, "KHR_texture_transform")) {
        ta_track_kind kind;
        uint32_t size;
        if (seg_is(pp, 6, "offset")) {
            kind = TA_MATERIAL_MAP_OFFSET;
            size = 2;
        } else if (seg_is(pp, 6, "scale")) {
            kind = TA_MATERIAL_MAP_REPEAT;
            size = 2;
        } else if (seg_is(pp, 6, "rotation")) {
            kind = TA_MATERIAL_MAP_ROTATION;
            size = 1;
        } else {
            return leave_out(pc, "names a texture transform property this library does not drive");
        }
        if (g->material_map[m].index == TA_NONE) return leave_out(pc, "names the map of a material that has none");
        if ((r = stride_of(pc, size, &stride)) != TA_OK) return r;
        if ((r = ta_material_target(id, kind, &t, g->err)) != TA_OK) return r;
        return add(pc, t, size, stride, 0, 1);
    }
    return leave_out(pc, "names a material property this library does not drive");
}

static ta_result light_pointer(pointer_ctx *pc, const pointer_parts *pp)
{
    gltf_ctx *g = pc->g;
    uint32_t l;
    if (pp->count < 5 || !segment_index(pp->seg[3], g->light_count, &l))
        return leave_out(pc, "names no KHR_lights_punctual light of the file");
    const gltf_light_info *li = &g->light_info[l];
    /* "spot/innerConeAngle", or as one segment "spot.innerConeAngle". */
    const char *prop = pp->seg[4];
    char joined[2 * SEGMENT_SIZE];
    if (pp->count == 6) {
        snprintf(joined, sizeof joined, "%s.%s", pp->seg[4], pp->seg[5]);
        prop = joined;
    } else if (pp->count != 5) {
        return leave_out(pc, "names a light property this library does not drive");
    }
    ta_track_kind kind;
    uint32_t size = 1;
    if (strcmp(prop, "color") == 0) {
        kind = TA_LIGHT_COLOR;
        size = 3;
    } else if (strcmp(prop, "intensity") == 0) {
        kind = TA_LIGHT_INTENSITY;
    } else if (strcmp(prop, "range") == 0) {
        kind = TA_LIGHT_DISTANCE;
    } else if (strcmp(prop, "spot.outerConeAngle") == 0) {
        kind = TA_LIGHT_ANGLE;
    } else if (strcmp(prop, "spot.innerConeAngle") == 0) {
        kind = TA_LIGHT_PENUMBRA;
    } else {
        return leave_out(pc, "names a light property this library does not drive");
    }
    if (li->made_count == 0) return leave_out(pc, "names a light that no node of the loaded scene carries");
    if ((kind == TA_LIGHT_ANGLE || kind == TA_LIGHT_PENUMBRA) && !li->spot)
        return leave_out(pc, "names a cone angle of a light that is not a spot light");
    ta_result r;
    uint32_t stride = 0;
    if ((r = stride_of(pc, size, &stride)) != TA_OK) return r;
    if (kind == TA_LIGHT_ANGLE)
        ta__model_warn_at(g->model, TA_LOAD_WARNING_APPROXIMATED, pc->cp,
                          "pointer \"%s\": the penumbra keeps the value the file's outerConeAngle gives it",
                          pc->pointer);
    for (uint32_t k = 0; k < li->made_count; ++k) {
        ta_track_target t;
        if ((r = ta_light_target(ta_light_at(li->made[k]), kind, &t, g->err)) != TA_OK) return r;
        if (kind == TA_LIGHT_PENUMBRA) {
            /* penumbra = 1 - inner / outer: build the keys here. */
            uint32_t sections = pc->s->interpolation == TA_CUBIC_SPLINE ? 3 : 1;
            uint32_t n = pc->s->value_count;
            float *v = (float *)gltf__arena_alloc(&g->arena, n, sizeof(float));
            if (v == NULL) return gltf__oom(g, pc->cp);
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
            if ((r = gltf__add_track(g, &s, &spec, pc->cp, pc->list)) != TA_OK) return r;
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
    double scale = 1;
    bool reciprocal = false;
    if (seg_is(pp, 3, "znear")) {
        kind = TA_CAMERA_NEAR;
    } else if (seg_is(pp, 3, "zfar")) {
        kind = TA_CAMERA_FAR;
    } else if (!ci->orthographic && seg_is(pp, 3, "yfov")) {
        kind = TA_CAMERA_FOV;
        scale = 180.0 / TA_PI;
    } else if (ci->orthographic && seg_is(pp, 3, "xmag")) {
        kind = TA_CAMERA_ZOOM;
        reciprocal = true;
    } else {
        return leave_out(pc, "names a camera property this library does not drive");
    }
    if (ci->made_count == 0) return leave_out(pc, "names a camera that no node of the loaded scene carries");
    ta_result r;
    uint32_t stride = 0;
    if ((r = stride_of(pc, 1, &stride)) != TA_OK) return r;
    if (reciprocal)
        ta__model_warn_at(g->model, TA_LOAD_WARNING_APPROXIMATED, pc->cp,
                          "pointer \"%s\" drives the camera's zoom (%g / xmag), which scales ymag with it and "
                          "runs as 1/xmag between keys",
                          pc->pointer, ci->xmag);
    for (uint32_t k = 0; k < ci->made_count; ++k) {
        gltf_track_spec spec;
        memset(&spec, 0, sizeof spec);
        r = ci->orthographic
                ? ta_orthographic_camera_target(ta_orthographic_camera_at(ci->made[k]), kind, &spec.target, g->err)
                : ta_perspective_camera_target(ta_perspective_camera_at(ci->made[k]), kind, &spec.target, g->err);
        if (r != TA_OK) return r;
        spec.value_size = 1;
        spec.stride = stride;
        spec.value_scale = scale;
        spec.reciprocal = reciprocal;
        spec.reciprocal_numerator = ci->xmag;
        if ((r = gltf__add_track(g, pc->s, &spec, pc->cp, pc->list)) != TA_OK) return r;
    }
    return TA_OK;
}

ta_result gltf__pointer_channel(gltf_ctx *g, const gltf_sampler_data *s, const char *pointer, const char *channel_path,
                                gltf_track_list *list)
{
    pointer_ctx pc = {g, s, pointer, channel_path, list};
    pointer_parts pp;
    if (!split_pointer(pointer, &pp) || pp.count < 2) return leave_out(&pc, "is not a pointer this library reads");
    if (seg_is(&pp, 0, "nodes")) return node_pointer(&pc, &pp);
    if (seg_is(&pp, 0, "materials")) return material_pointer(&pc, &pp);
    if (seg_is(&pp, 0, "cameras")) return camera_pointer(&pc, &pp);
    if (seg_is(&pp, 0, "meshes") && pp.count == 3 && seg_is(&pp, 2, "weights")) {
        uint32_t m, count;
        if (!segment_index(pp.seg[1], g->mesh_count, &m)) return leave_out(&pc, "names no mesh of the file");
        ta_result r = gltf__add_mesh_weights_tracks(g, s, m, channel_path, list, &count);
        if (r != TA_OK) return r;
        if (count == 0) return leave_out(&pc, "names a mesh with no morph targets in the loaded scene");
        return TA_OK;
    }
    if (seg_is(&pp, 0, "extensions") && seg_is(&pp, 1, "KHR_lights_punctual") && seg_is(&pp, 2, "lights"))
        return light_pointer(&pc, &pp);
    return leave_out(&pc, "names a property this library does not drive");
}
