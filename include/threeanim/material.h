/**
 * @file
 * threeanim/material.h -- the assets: materials and textures.
 *
 * Materials and textures live in a ta_assets beside the scene; a mesh names its
 * materials by ta_material_id, a material names its map by ta_texture_id. The
 * mixer drives a material's colors and numbers, its two flags, and the offset,
 * repeat, center and rotation of the texture its map names.
 *
 *     ta_assets *assets;
 *     ta_assets_create(NULL, &assets, &err);
 *     ta_material skin = ta_material_defaults(TA_MATERIAL_KIND_STANDARD);
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

/**
 * The kinds of material, three.js's material classes. The kind does not change what a track may
 * drive.
 */
typedef enum ta_material_kind {
    TA_MATERIAL_KIND_BASIC = 0,  /**< MeshBasicMaterial */
    TA_MATERIAL_KIND_LAMBERT,    /**< MeshLambertMaterial */
    TA_MATERIAL_KIND_PHONG,      /**< MeshPhongMaterial */
    TA_MATERIAL_KIND_STANDARD,   /**< MeshStandardMaterial */
    TA_MATERIAL_KIND_PHYSICAL,   /**< MeshPhysicalMaterial */
    TA_MATERIAL_KIND_TOON,       /**< MeshToonMaterial */
    TA_MATERIAL_KIND_NORMAL,     /**< MeshNormalMaterial */
    TA_MATERIAL_KIND_DEPTH,      /**< MeshDepthMaterial */
    TA_MATERIAL_KIND_MATCAP,     /**< MeshMatcapMaterial */
    TA_MATERIAL_KIND_LINE_BASIC, /**< LineBasicMaterial */
    TA_MATERIAL_KIND_POINTS,     /**< PointsMaterial */
    TA_MATERIAL_KIND_SPRITE,     /**< SpriteMaterial */
    TA_MATERIAL_KIND_COUNT  /**< the number of kinds; not a kind */
} ta_material_kind;

/** A material: the colors and numbers a MATERIAL_ track drives, its two flags and its map. */
typedef struct ta_material {
    ta_material_kind kind;     /**< which three.js class */
    uint8_t color[3];          /**< sRGB bytes */
    uint8_t emissive[3];       /**< sRGB bytes */
    uint8_t specular[3];       /**< three.js .specular (Phong) */
    float opacity;             /**< [0, 1]; MATERIAL_OPACITY */
    float emissive_intensity;  /**< >= 0 */
    float roughness;           /**< [0, 1] */
    float metalness;           /**< [0, 1] */
    float shininess;           /**< >= 0 (Phong) */
    float alpha_test;          /**< [0, 1] */
    float reflectivity;        /**< [0, 1] */
    float env_map_intensity;   /**< >= 0 */
    float clearcoat;           /**< [0, 1] (physical) */
    float clearcoat_roughness; /**< [0, 1] (physical) */
    float specular_intensity;  /**< [0, 1] (physical) */
    float ior;                 /**< [1, 2.333] (physical) */
    bool transparent;          /**< MATERIAL_TRANSPARENT */
    bool wireframe;            /**< MATERIAL_WIREFRAME */
    ta_texture_id map;         /**< TA_NONE: no map */
    char *name;                /**< set by the assets; "" if none */
    char *uuid;                /**< set by the assets; "" if none */
} ta_material;

/** A texture: the layout a map track drives. */
typedef struct ta_texture {
    ta_vec2 offset; /**< default (0, 0) */
    ta_vec2 repeat; /**< default (1, 1) */
    ta_vec2 center; /**< default (0, 0) */
    float rotation; /**< radians, default 0 */
    char *name;     /**< set by the assets */
    char *uuid;     /**< set by the assets */
} ta_texture;

/** The materials and textures beside a scene. */
typedef struct ta_assets {
    ta_material *materials;  /**< material_count materials */
    uint32_t material_count; /**< how many materials */
    ta_texture *textures;    /**< texture_count textures */
    uint32_t texture_count;  /**< how many textures */
    void *internal_;         /**< the allocator and the lists' capacities */
} ta_assets;

/** How to make assets; zeroed means the defaults. */
typedef struct ta_assets_options {
    const ta_allocator *allocator; /**< NULL: the C library's */
} ta_assets_options;

/**
 * three.js's constructor values for the kind: white, no emission, opacity 1, roughness 1, metalness
 * 0, shininess 30, reflectivity 1 (0.5 for physical), ior 1.5, specular 0x111111,
 * specular_intensity 1, env_map_intensity 1, no map, not transparent except a sprite. A field the
 * kind does not have in three.js gets the same value, so that every kind's defaults pass
 * validation. name and uuid are NULL (ta_assets_add_material takes them separately).
 *
 * @ownership A value; nothing to free.
 * @errors None; a kind that is not named is kept, and refused by ta_material_validate.
 * @threejs new MeshStandardMaterial() and the other material constructors.
 */
TA_API ta_material ta_material_defaults(ta_material_kind kind);

/**
 * offset (0, 0), repeat (1, 1), center (0, 0), rotation 0; name and uuid NULL.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new Texture(): its offset, repeat, center and rotation.
 */
TA_API ta_texture ta_texture_defaults(void);

/**
 * Whether a material holds numbers three.js documents for it: a known kind, every number finite,
 * opacity, roughness, metalness, alpha_test, reflectivity, clearcoat, clearcoat_roughness and
 * specular_intensity in [0, 1]; emissive_intensity, shininess and env_map_intensity at least 0; ior
 * in [1, 2.333]. The mixer checks a material track's results against the same ranges.
 *
 * @ownership Reads material only.
 * @errors TA_ERROR_INVALID_ARGUMENT (material NULL), TA_ERROR_UNKNOWN_ENUM (kind),
 * TA_ERROR_NOT_A_NUMBER, TA_ERROR_OUT_OF_RANGE; the message names the field and its value.
 * @threejs None: three.js accepts any number (the ranges are its documentation's).
 */
TA_API ta_result ta_material_validate(const ta_material *material, ta_error *err);

/**
 * The three.js class of the kind: "MeshStandardMaterial", "LineBasicMaterial", ...; "?" for a kind
 * that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs Material.type.
 */
TA_API const char *ta_material_kind_name(ta_material_kind kind);

/**
 * An empty set of assets. options may be NULL.
 *
 * @ownership The caller owns the assets and frees them with ta_assets_destroy; they keep a copy of
 * options->allocator.
 * @errors TA_ERROR_INVALID_ARGUMENT (out_assets NULL, an allocator with only one of alloc and
 * free), TA_ERROR_OUT_OF_MEMORY.
 * @threejs None: three.js materials and textures are objects a mesh refers to.
 */
TA_API ta_result ta_assets_create(const ta_assets_options *options, ta_assets **out_assets, ta_error *err);

/**
 * Frees the assets, their materials, textures and names. NULL does nothing.
 *
 * @ownership Frees what ta_assets_create made; pointers into the lists die with it.
 * @errors None.
 * @threejs Material.dispose and Texture.dispose, for all of them.
 */
TA_API void ta_assets_destroy(ta_assets *assets);

/**
 * Copies material to the end of assets->materials after ta_material_validate accepts it; its name
 * and uuid fields are ignored, and name and uuid (either may be NULL: "") are copied in their
 * place. out_material (may be NULL) receives its id. A map index is not checked here; the mixer
 * checks it when it drives the map.
 *
 * @ownership The assets keep copies of the material and the strings. Pointers into
 * assets->materials are valid until the next add of a material.
 * @errors TA_ERROR_INVALID_ARGUMENT (assets or material NULL), the refusals of
 * ta_material_validate, TA_ERROR_LIMIT_EXCEEDED (2^32 - 1 materials), TA_ERROR_OUT_OF_MEMORY. A
 * refused add changes nothing.
 * @threejs new MeshStandardMaterial({...}), kept by the assets.
 */
TA_API ta_result ta_assets_add_material(ta_assets *assets, const ta_material *material, const char *name,
                                        const char *uuid, ta_material_id *out_material, ta_error *err);

/**
 * Copies texture to the end of assets->textures; its name and uuid fields are ignored, and name and
 * uuid (either may be NULL: "") are copied in their place. out_texture (may be NULL) receives its
 * id.
 *
 * @ownership The assets keep copies of the texture and the strings. Pointers into assets->textures
 * are valid until the next add of a texture.
 * @errors TA_ERROR_INVALID_ARGUMENT (assets or texture NULL), TA_ERROR_NOT_A_NUMBER (an offset,
 * repeat, center or rotation that is not finite), TA_ERROR_LIMIT_EXCEEDED, TA_ERROR_OUT_OF_MEMORY.
 * A refused add changes nothing.
 * @threejs new Texture(), with the layout a map track drives.
 */
TA_API ta_result ta_assets_add_texture(ta_assets *assets, const ta_texture *texture, const char *name,
                                       const char *uuid, ta_texture_id *out_texture, ta_error *err);

/**
 * The material of that id, to read or to set its values; NULL if assets is NULL or the id is past
 * the end.
 *
 * @ownership Points into the assets: valid until the next add of a material or ta_assets_destroy.
 * @errors None (NULL for an id the assets do not have).
 * @threejs mesh.material.
 */
TA_API ta_material *ta_assets_material(ta_assets *assets, ta_material_id material);

/**
 * The texture of that id; NULL if assets is NULL or the id is past the end.
 *
 * @ownership Points into the assets: valid until the next add of a texture.
 * @errors None (NULL for an id the assets do not have).
 * @threejs material.map.
 */
TA_API ta_texture *ta_assets_texture(ta_assets *assets, ta_texture_id texture);

/**
 * ta_assets_material for assets that are only read. NULL if assets is NULL or the id is past the
 * end.
 *
 * @ownership Points into the assets: valid until the next add of a material.
 * @errors None.
 * @threejs mesh.material.
 */
TA_API const ta_material *ta_assets_material_const(const ta_assets *assets, ta_material_id material);

/**
 * ta_assets_texture for assets that are only read. NULL if assets is NULL or the id is past the
 * end.
 *
 * @ownership Points into the assets: valid until the next add of a texture.
 * @errors None.
 * @threejs material.map.
 */
TA_API const ta_texture *ta_assets_texture_const(const ta_assets *assets, ta_texture_id texture);

#ifdef __cplusplus
}
#endif

#endif
