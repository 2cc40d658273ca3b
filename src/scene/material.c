/* Materials and textures: three.js's defaults, documented ranges, and the assets list. */
#include <math.h>
#include <string.h>

#include "core/internal.h"
#include "threeanim/material.h"

static const char *const material_kind_names[TA_MATERIAL_KIND_COUNT] = {
    "MeshBasicMaterial", "MeshLambertMaterial", "MeshPhongMaterial", "MeshStandardMaterial",
    "MeshPhysicalMaterial", "MeshToonMaterial", "MeshNormalMaterial", "MeshDepthMaterial",
    "MeshMatcapMaterial", "LineBasicMaterial", "PointsMaterial", "SpriteMaterial",
};

const char *ta_material_kind_name(ta_material_kind kind)
{
    if ((int)kind < 0 || kind >= TA_MATERIAL_KIND_COUNT) return "?";
    return material_kind_names[kind];
}

ta_material ta_material_defaults(ta_material_kind kind)
{
    ta_material m;
    memset(&m, 0, sizeof m);
    m.kind = kind;
    for (int i = 0; i < 3; ++i) {
        m.color[i] = 255;
        m.emissive[i] = 0;
        m.specular[i] = 0x11;
    }
    m.opacity = 1;
    m.emissive_intensity = 1;
    m.roughness = 1;
    m.metalness = 0;
    m.shininess = 30;
    m.alpha_test = 0;
    m.reflectivity = kind == TA_MATERIAL_KIND_PHYSICAL ? 0.5f : 1.0f;
    m.env_map_intensity = 1;
    m.clearcoat = 0;
    m.clearcoat_roughness = 0;
    m.specular_intensity = 1;
    m.ior = 1.5f;
    /* SpriteMaterial is the one kind three.js makes transparent. */
    m.transparent = kind == TA_MATERIAL_KIND_SPRITE;
    m.wireframe = false;
    m.map = ta_texture_at(TA_NONE);
    m.name = NULL;
    m.uuid = NULL;
    return m;
}

ta_texture ta_texture_defaults(void)
{
    ta_texture t;
    memset(&t, 0, sizeof t);
    t.offset = ta_vec2_make(0, 0);
    t.repeat = ta_vec2_make(1, 1);
    t.center = ta_vec2_make(0, 0);
    t.rotation = 0;
    return t;
}

typedef struct range {
    const char *name;
    float value;
    double lo, hi; /* hi = INFINITY: at least lo */
} range;

ta_result ta_material_validate(const ta_material *m, ta_error *err)
{
    if (m == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "material: is NULL");
    if ((int)m->kind < 0 || m->kind >= TA_MATERIAL_KIND_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "material.kind: %d is not a material kind", (int)m->kind);
    const range ranges[] = {
        {"opacity", m->opacity, 0, 1},
        {"emissive_intensity", m->emissive_intensity, 0, INFINITY},
        {"roughness", m->roughness, 0, 1},
        {"metalness", m->metalness, 0, 1},
        {"shininess", m->shininess, 0, INFINITY},
        {"alpha_test", m->alpha_test, 0, 1},
        {"reflectivity", m->reflectivity, 0, 1},
        {"env_map_intensity", m->env_map_intensity, 0, INFINITY},
        {"clearcoat", m->clearcoat, 0, 1},
        {"clearcoat_roughness", m->clearcoat_roughness, 0, 1},
        {"specular_intensity", m->specular_intensity, 0, 1},
        {"ior", m->ior, 1, 2.333},
    };
    for (size_t i = 0; i < sizeof ranges / sizeof ranges[0]; ++i) {
        const range *r = &ranges[i];
        /* %.9g tells every float apart: opacity 1.00000012 is not "1". */
        if (!isfinite(r->value))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "material.%s: %.9g is not a finite number", r->name,
                            (double)r->value);
        if (r->value < r->lo || r->value > r->hi) {
            if (isinf(r->hi))
                return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "material.%s: %.9g is below %g", r->name,
                                (double)r->value, r->lo);
            return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "material.%s: %.9g is not in [%g, %g]", r->name,
                            (double)r->value, r->lo, r->hi);
        }
    }
    return TA_OK;
}

/* ---- the assets list ---------------------------------------------------------- */

typedef struct assets_internal {
    ta__mem mem;
    uint32_t material_capacity;
    uint32_t texture_capacity;
} assets_internal;

ta_result ta_assets_create(const ta_assets_options *options, ta_assets **out_assets, ta_error *err)
{
    if (out_assets == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "out_assets: is NULL");
    ta__mem mem;
    ta_result r = ta__mem_init(&mem, options ? options->allocator : NULL, err);
    if (r != TA_OK) return r;
    ta_assets *a = (ta_assets *)ta__calloc(&mem, 1, sizeof *a);
    assets_internal *in = (assets_internal *)ta__calloc(&mem, 1, sizeof *in);
    if (a == NULL || in == NULL) {
        ta__free(&mem, a, sizeof *a);
        ta__free(&mem, in, sizeof *in);
        return ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory making the assets");
    }
    in->mem = mem;
    a->internal_ = in;
    *out_assets = a;
    return TA_OK;
}

void ta_assets_destroy(ta_assets *assets)
{
    if (assets == NULL) return;
    assets_internal *in = (assets_internal *)assets->internal_;
    ta__mem mem = in->mem;
    for (uint32_t i = 0; i < assets->material_count; ++i) {
        ta__free_str(&mem, assets->materials[i].name);
        ta__free_str(&mem, assets->materials[i].uuid);
    }
    for (uint32_t i = 0; i < assets->texture_count; ++i) {
        ta__free_str(&mem, assets->textures[i].name);
        ta__free_str(&mem, assets->textures[i].uuid);
    }
    ta__free(&mem, assets->materials, sizeof(ta_material) * in->material_capacity);
    ta__free(&mem, assets->textures, sizeof(ta_texture) * in->texture_capacity);
    ta__free(&mem, in, sizeof *in);
    ta__free(&mem, assets, sizeof *assets);
}

ta_result ta_assets_add_material(ta_assets *assets, const ta_material *material, const char *name,
                                 const char *uuid, ta_material_id *out_material, ta_error *err)
{
    if (assets == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "assets: is NULL");
    ta_result r = ta_material_validate(material, err);
    if (r != TA_OK) return r;
    assets_internal *in = (assets_internal *)assets->internal_;
    if (assets->material_count == TA_NONE)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "assets: already hold %u materials", assets->material_count);
    char *n = ta__strdup(&in->mem, name), *u = ta__strdup(&in->mem, uuid);
    if (n == NULL || u == NULL) goto oom;
    r = ta__reserve(&in->mem, (void **)&assets->materials, &in->material_capacity, assets->material_count + 1,
                    sizeof(ta_material), err);
    if (r != TA_OK) goto fail;
    ta_material *m = &assets->materials[assets->material_count];
    *m = *material;
    m->name = n;
    m->uuid = u;
    if (out_material) out_material->index = assets->material_count;
    assets->material_count++;
    return TA_OK;
oom:
    r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory adding a material");
fail:
    ta__free_str(&in->mem, n);
    ta__free_str(&in->mem, u);
    return r;
}

ta_result ta_assets_add_texture(ta_assets *assets, const ta_texture *texture, const char *name, const char *uuid,
                                ta_texture_id *out_texture, ta_error *err)
{
    if (assets == NULL || texture == NULL)
        return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "%s: is NULL", assets == NULL ? "assets" : "texture");
    const float numbers[7] = {texture->offset.x, texture->offset.y, texture->repeat.x, texture->repeat.y,
                              texture->center.x, texture->center.y, texture->rotation};
    static const char *const names[7] = {"offset.x", "offset.y", "repeat.x", "repeat.y",
                                         "center.x", "center.y", "rotation"};
    for (int i = 0; i < 7; ++i)
        if (!isfinite(numbers[i]))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "texture.%s: %.9g is not a finite number", names[i],
                            (double)numbers[i]);
    assets_internal *in = (assets_internal *)assets->internal_;
    if (assets->texture_count == TA_NONE)
        return ta__fail(err, TA_ERROR_LIMIT_EXCEEDED, "assets: already hold %u textures", assets->texture_count);
    ta_result r;
    char *n = ta__strdup(&in->mem, name), *u = ta__strdup(&in->mem, uuid);
    if (n == NULL || u == NULL) {
        r = ta__fail(err, TA_ERROR_OUT_OF_MEMORY, "out of memory adding a texture");
        goto fail;
    }
    r = ta__reserve(&in->mem, (void **)&assets->textures, &in->texture_capacity, assets->texture_count + 1,
                    sizeof(ta_texture), err);
    if (r != TA_OK) goto fail;
    ta_texture *t = &assets->textures[assets->texture_count];
    *t = *texture;
    t->name = n;
    t->uuid = u;
    if (out_texture) out_texture->index = assets->texture_count;
    assets->texture_count++;
    return TA_OK;
fail:
    ta__free_str(&in->mem, n);
    ta__free_str(&in->mem, u);
    return r;
}

ta_material *ta_assets_material(ta_assets *assets, ta_material_id material)
{
    if (assets == NULL || material.index >= assets->material_count) return NULL;
    return &assets->materials[material.index];
}

ta_texture *ta_assets_texture(ta_assets *assets, ta_texture_id texture)
{
    if (assets == NULL || texture.index >= assets->texture_count) return NULL;
    return &assets->textures[texture.index];
}

const ta_material *ta_assets_material_const(const ta_assets *assets, ta_material_id material)
{
    if (assets == NULL || material.index >= assets->material_count) return NULL;
    return &assets->materials[material.index];
}

const ta_texture *ta_assets_texture_const(const ta_assets *assets, ta_texture_id texture)
{
    if (assets == NULL || texture.index >= assets->texture_count) return NULL;
    return &assets->textures[texture.index];
}
