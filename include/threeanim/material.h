/*
 * threeanim/material.h -- the assets: materials and textures.
 *
 * Materials and textures live in a ta_assets beside the scene; a mesh names its
 * materials by ta_material_id, a material names its map by ta_texture_id. The
 * mixer drives a material's colors and numbers, its two flags, and the offset,
 * repeat, center and rotation of the texture its map names.
 *
 *     ta_assets *assets;
 *     ta_assets_create(NULL, &assets, &err);
 *     ta_material skin = ta_material_defaults(TA_MATERIAL_STANDARD);
 *     skin.color[0] = 255;
 *     ta_material_id skin_id;
 *     ta_assets_add_material(assets, &skin, "skin", NULL, &skin_id, &err);
 *
 * Colors are sRGB bytes. Each number field has the range three.js documents
 * and ta_material_validate checks it: opacity, roughness, metalness,
 * alpha_test, reflectivity, clearcoat, clearcoat_roughness and
 * specular_intensity in [0, 1]; emissive_intensity, shininess and
 * env_map_intensity at least 0; ior in [1, 2.333].
 *
 * Ownership: the assets own the materials, textures and their names;
 * ta_assets_destroy frees them. Pointers into the lists are valid until the
 * next add to that list.
 */
#ifndef THREEANIM_MATERIAL_H
#define THREEANIM_MATERIAL_H

#include <stdbool.h>
#include <stdint.h>

#include "threeanim/allocator.h"
#include "threeanim/ids.h"
#include "threeanim/math.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ta_material_kind {
    TA_MATERIAL_BASIC = 0,
    TA_MATERIAL_LAMBERT,
    TA_MATERIAL_PHONG,
    TA_MATERIAL_STANDARD,
    TA_MATERIAL_PHYSICAL,
    TA_MATERIAL_TOON,
    TA_MATERIAL_NORMAL,
    TA_MATERIAL_DEPTH,
    TA_MATERIAL_MATCAP,
    TA_MATERIAL_LINE_BASIC,
    TA_MATERIAL_POINTS,
    TA_MATERIAL_SPRITE,
    TA_MATERIAL_KIND_COUNT
} ta_material_kind;

typedef struct ta_material {
    ta_material_kind kind;
    uint8_t color[3];      /* sRGB bytes */
    uint8_t emissive[3];
    uint8_t specular[3];   /* three.js .specular (Phong) */
    float opacity;
    float emissive_intensity;
    float roughness;
    float metalness;
    float shininess;
    float alpha_test;
    float reflectivity;
    float env_map_intensity;
    float clearcoat;
    float clearcoat_roughness;
    float specular_intensity;
    float ior;
    bool transparent;
    bool wireframe;
    ta_texture_id map;     /* TA_NONE: no map */
    char *name;            /* set by the assets; "" if none */
    char *uuid;
} ta_material;

typedef struct ta_texture {
    ta_vec2 offset;   /* default (0, 0) */
    ta_vec2 repeat;   /* default (1, 1) */
    ta_vec2 center;   /* default (0, 0) */
    float rotation;   /* radians, default 0 */
    char *name;       /* set by the assets */
    char *uuid;
} ta_texture;

typedef struct ta_assets {
    ta_material *materials;
    uint32_t material_count;
    ta_texture *textures;
    uint32_t texture_count;
    void *internal_; /* the allocator and the lists' capacities */
} ta_assets;

typedef struct ta_assets_options {
    const ta_allocator *allocator; /* NULL: the C library's */
} ta_assets_options;

/* three.js's constructor values for the kind (white, opacity 1, roughness 1,
 * metalness 0, shininess 30, reflectivity 1 (0.5 for physical), ior 1.5,
 * specular 0x111111, specular_intensity 1, env_map_intensity 1, no map, not
 * transparent except a sprite). A field the kind does not have in three.js
 * gets the same value, so that every kind's defaults pass validation. */
TA_API ta_material ta_material_defaults(ta_material_kind kind);
TA_API ta_texture ta_texture_defaults(void);
TA_API ta_result ta_material_validate(const ta_material *material, ta_error *err);
TA_API const char *ta_material_kind_name(ta_material_kind kind); /* "MeshStandardMaterial", ... */

TA_API ta_result ta_assets_create(const ta_assets_options *options, ta_assets **out_assets, ta_error *err);
TA_API void ta_assets_destroy(ta_assets *assets);
/* Copies material (its name and uuid fields are ignored; name and uuid may be
 * NULL) after ta_material_validate accepts it. A map index is not checked
 * here; the mixer checks it when it drives the map. */
TA_API ta_result ta_assets_add_material(ta_assets *assets, const ta_material *material, const char *name,
                                        const char *uuid, ta_material_id *out_material, ta_error *err);
TA_API ta_result ta_assets_add_texture(ta_assets *assets, const ta_texture *texture, const char *name,
                                       const char *uuid, ta_texture_id *out_texture, ta_error *err);
TA_API ta_material *ta_assets_material(ta_assets *assets, ta_material_id material);
TA_API ta_texture *ta_assets_texture(ta_assets *assets, ta_texture_id texture);
/* The same for assets that are only read. NULL if the id is past the end. */
TA_API const ta_material *ta_assets_material_const(const ta_assets *assets, ta_material_id material);
TA_API const ta_texture *ta_assets_texture_const(const ta_assets *assets, ta_texture_id texture);

#ifdef __cplusplus
}
#endif

#endif
