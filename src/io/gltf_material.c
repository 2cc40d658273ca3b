/* Materials as GLTFLoader's loadMaterial makes them: MeshStandardMaterial from
 * pbrMetallicRoughness (MeshPhysicalMaterial when a KHR_materials_ extension
 * that needs it is there, MeshBasicMaterial for KHR_materials_unlit), colors
 * given linear and kept as sRGB bytes, alphaMode BLEND as transparent and MASK
 * as alpha_test, the base color map with its KHR_texture_transform (read only
 * when extensionsUsed names it, as three.js does). Every material is made, in
 * file order, so that a material id is its glTF index. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/gltf_internal.h"
#include "threeanim/color.h"

static bool has_extension(const json_t *def, const char *name)
{
    return ta__jget(ta__jget(def, "extensions"), name) != NULL;
}

static ta_result unit_factor(gltf_ctx *g, const json_t *obj, const char *path, const char *key, double def, double *out)
{
    ta_result r = ta__jget_number(g->err, obj, path, key, false, def, out, NULL);
    if (r != TA_OK) return r;
    if (*out < 0 || *out > 1) return ta__fail(g->err, TA_ERROR_PARSE, "%s.%s: %g is not in [0, 1]", path, key, *out);
    return TA_OK;
}

static ta_result read_map(gltf_ctx *g, const json_t *info, const char *path, ta_texture_id *out)
{
    ta_result r;
    uint32_t index;
    if ((r = ta__jget_index(g->err, info, path, "index", g->texture_count, "textures", &index)) != TA_OK) return r;
    if (index == TA_NONE) return ta__fail(g->err, TA_ERROR_PARSE, "%s.index: is missing", path);
    json_t *tex = json_array_get(g->textures, index);
    const char *name = json_string_value(ta__jget(tex, "name"));
    if (name == NULL || !*name) {
        json_t *source = ta__jget(tex, "source");
        if (json_is_integer(source) && json_integer_value(source) >= 0 &&
            (uint64_t)json_integer_value(source) < g->image_count)
            name = json_string_value(ta__jget(json_array_get(g->images, (size_t)json_integer_value(source)), "name"));
    }
    ta_texture t = ta_texture_defaults();
    json_t *transform = ta__jget(ta__jget(info, "extensions"), "KHR_texture_transform");
    if (transform != NULL && g->texture_transform_used) {
        char tp[TA__JPATH_SIZE];
        ta__jpath_format(tp, "%s.extensions.KHR_texture_transform", path);
        double offset[2] = {0, 0}, scale[2] = {1, 1}, rotation;
        if ((r = ta__jget_numbers_f32(g->err, transform, tp, "offset", 2, offset, NULL)) != TA_OK) return r;
        if ((r = ta__jget_numbers_f32(g->err, transform, tp, "scale", 2, scale, NULL)) != TA_OK) return r;
        if ((r = ta__jget_number_f32(g->err, transform, tp, "rotation", false, 0, &rotation, NULL)) != TA_OK) return r;
        t.offset = ta_vec2_make((float)offset[0], (float)offset[1]);
        t.repeat = ta_vec2_make((float)scale[0], (float)scale[1]);
        t.rotation = (float)rotation;
    }
    r = ta_assets_add_texture(g->model->assets, &t, name, NULL, out, g->err);
    if (r != TA_OK) ta__prefix(g->err, r, "%s", path);
    return r;
}

static ta_result make_material(gltf_ctx *g, uint32_t index)
{
    char mp[TA__JPATH_SIZE];
    ta__jpath_format(mp, "materials[%u]", index);
    json_t *def = json_array_get(g->materials, index);
    if (!json_is_object(def)) return ta__fail(g->err, TA_ERROR_PARSE, "%s: is not an object", mp);
    ta_result r;
    bool unlit = has_extension(def, "KHR_materials_unlit");
    static const char *const physical[] = {
        "KHR_materials_clearcoat",    "KHR_materials_dispersion",  "KHR_materials_sheen",
        "KHR_materials_transmission", "KHR_materials_volume",      "KHR_materials_ior",
        "KHR_materials_specular",     "KHR_materials_iridescence", "KHR_materials_anisotropy",
    };
    ta_material_kind kind = TA_MATERIAL_KIND_STANDARD;
    for (size_t k = 0; k < sizeof physical / sizeof physical[0]; ++k)
        if (has_extension(def, physical[k])) kind = TA_MATERIAL_KIND_PHYSICAL;
    if (unlit) kind = TA_MATERIAL_KIND_BASIC;
    ta_material m = ta_material_defaults(kind);
    const char *name;
    if ((r = ta__jget_string(g->err, def, mp, "name", false, &name)) != TA_OK) return r;
    json_t *pbr;
    char pp[TA__JPATH_SIZE];
    ta__jpath_format(pp, "%s.pbrMetallicRoughness", mp);
    if ((r = ta__jget_object(g->err, def, mp, "pbrMetallicRoughness", &pbr)) != TA_OK) return r;
    double base[4] = {1, 1, 1, 1};
    if ((r = ta__jget_numbers(g->err, pbr, pp, "baseColorFactor", 4, base, NULL)) != TA_OK) return r;
    for (int c = 0; c < 4; ++c)
        if (base[c] < 0 || base[c] > 1)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.baseColorFactor[%d]: %g is not in [0, 1]", pp, c, base[c]);
    for (int c = 0; c < 3; ++c) m.color[c] = ta_color_linear_to_srgb_byte(base[c]);
    m.opacity = (float)base[3];
    double metal, rough;
    if ((r = unit_factor(g, pbr, pp, "metallicFactor", 1, &metal)) != TA_OK) return r;
    if ((r = unit_factor(g, pbr, pp, "roughnessFactor", 1, &rough)) != TA_OK) return r;
    if (kind != TA_MATERIAL_KIND_BASIC) {
        m.metalness = (float)metal;
        m.roughness = (float)rough;
    }
    json_t *base_tex;
    if ((r = ta__jget_object(g->err, pbr, pp, "baseColorTexture", &base_tex)) != TA_OK) return r;
    g->material_map[index] = ta_texture_at(TA_NONE);
    if (base_tex != NULL) {
        char tp[TA__JPATH_SIZE];
        ta__jpath_format(tp, "%s.baseColorTexture", pp);
        if ((r = read_map(g, base_tex, tp, &m.map)) != TA_OK) return r;
        g->material_map[index] = m.map;
    }
    double emissive[3] = {0, 0, 0};
    if ((r = ta__jget_numbers(g->err, def, mp, "emissiveFactor", 3, emissive, NULL)) != TA_OK) return r;
    for (int c = 0; c < 3; ++c)
        if (emissive[c] < 0 || emissive[c] > 1)
            return ta__fail(g->err, TA_ERROR_PARSE, "%s.emissiveFactor[%d]: %g is not in [0, 1]", mp, c, emissive[c]);
    if (kind != TA_MATERIAL_KIND_BASIC)
        for (int c = 0; c < 3; ++c) m.emissive[c] = ta_color_linear_to_srgb_byte(emissive[c]);
    const char *alpha_mode;
    if ((r = ta__jget_string(g->err, def, mp, "alphaMode", false, &alpha_mode)) != TA_OK) return r;
    if (alpha_mode == NULL || strcmp(alpha_mode, "OPAQUE") == 0) {
        m.transparent = false;
    } else if (strcmp(alpha_mode, "BLEND") == 0) {
        m.transparent = true;
    } else if (strcmp(alpha_mode, "MASK") == 0) {
        double cutoff;
        if ((r = ta__jget_number(g->err, def, mp, "alphaCutoff", false, 0.5, &cutoff, NULL)) != TA_OK) return r;
        if (cutoff < 0) return ta__fail(g->err, TA_ERROR_PARSE, "%s.alphaCutoff: %g is below 0", mp, cutoff);
        if (cutoff > 1) {
            ta__model_warn(g->model, "%s.alphaCutoff: %g is kept as 1, the highest alpha_test", mp, cutoff);
            cutoff = 1;
        }
        m.alpha_test = (float)cutoff;
    } else {
        return ta__fail(g->err, TA_ERROR_PARSE, "%s.alphaMode: \"%s\" is not OPAQUE, MASK or BLEND", mp, alpha_mode);
    }
    json_t *ext = ta__jget(def, "extensions");
    char ep[TA__JPATH_SIZE];
    double v;
    if (kind != TA_MATERIAL_KIND_BASIC) {
        ta__jpath_format(ep, "%s.extensions.KHR_materials_emissive_strength", mp);
        if ((r = ta__jget_number_f32(g->err, ta__jget(ext, "KHR_materials_emissive_strength"), ep, "emissiveStrength",
                                 false, 1, &v, NULL)) != TA_OK)
            return r;
        if (v < 0) return ta__fail(g->err, TA_ERROR_PARSE, "%s.emissiveStrength: %g is below 0", ep, v);
        m.emissive_intensity = (float)v;
    }
    if (kind == TA_MATERIAL_KIND_PHYSICAL) {
        ta__jpath_format(ep, "%s.extensions.KHR_materials_ior", mp);
        if ((r = ta__jget_number(g->err, ta__jget(ext, "KHR_materials_ior"), ep, "ior", false, 1.5, &v, NULL)) != TA_OK)
            return r;
        if (v < 1 || v > 2.333) {
            double kept = v < 1 ? 1 : 2.333;
            ta__model_warn(g->model, "%s.ior: %g is kept as %g, three.js's range being [1, 2.333]", ep, v, kept);
            v = kept;
        }
        m.ior = (float)v;
        m.reflectivity = (float)fmin(1, fmax(0, 2.5 * (v - 1) / (v + 1)));
        ta__jpath_format(ep, "%s.extensions.KHR_materials_specular", mp);
        if ((r = unit_factor(g, ta__jget(ext, "KHR_materials_specular"), ep, "specularFactor", 1, &v)) != TA_OK)
            return r;
        m.specular_intensity = (float)v;
        ta__jpath_format(ep, "%s.extensions.KHR_materials_clearcoat", mp);
        json_t *cc = ta__jget(ext, "KHR_materials_clearcoat");
        if ((r = unit_factor(g, cc, ep, "clearcoatFactor", 0, &v)) != TA_OK) return r;
        m.clearcoat = (float)v;
        if ((r = unit_factor(g, cc, ep, "clearcoatRoughnessFactor", 0, &v)) != TA_OK) return r;
        m.clearcoat_roughness = (float)v;
    }
    ta_material_id id;
    if ((r = ta_assets_add_material(g->model->assets, &m, name, NULL, &id, g->err)) != TA_OK) {
        ta__prefix(g->err, r, "%s", mp);
        return r;
    }
    return TA_OK;
}

ta_result ta__gltf_default_material(gltf_ctx *g, ta_material_id *out)
{
    if (!g->has_default_material) {
        /* GLTFLoader's createDefaultMaterial. */
        ta_material m = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
        m.metalness = 1;
        m.roughness = 1;
        ta_result r = ta_assets_add_material(g->model->assets, &m, "", NULL, &g->default_material, g->err);
        if (r != TA_OK) return r;
        g->has_default_material = true;
    }
    *out = g->default_material;
    return TA_OK;
}

ta_result ta__gltf_make_materials(gltf_ctx *g)
{
    for (uint32_t m = 0; m < g->material_count; ++m) {
        ta_result r = make_material(g, m);
        if (r != TA_OK) return r;
    }
    return TA_OK;
}
