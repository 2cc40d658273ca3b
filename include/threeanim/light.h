/**
 * @file
 * threeanim/light.h -- lights: ambient, directional, point, spot, hemisphere.
 *
 * A light is attached to a scene node (ta_scene_add_light). Its color is kept
 * as sRGB bytes, as a color picker gives it; a LIGHT_COLOR track works in
 * linear channels and the mixer converts. The numbers are three.js's: intensity
 * in its units, distance in meters (0: no limit), angle in radians, penumbra
 * from 0 to 1, decay.
 *
 *     ta_light sun = ta_light_defaults(TA_LIGHT_KIND_DIRECTIONAL);
 *     sun.node = sun_node;
 *     sun.intensity = 3;
 *     ta_scene_add_light(scene, &sun, &sun_index, &err);
 */
#ifndef THREEANIM_LIGHT_H
#define THREEANIM_LIGHT_H

#include <stdint.h>

#include "threeanim/export.h"
#include "threeanim/ids.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** The kinds of light, three.js's light classes. */
typedef enum ta_light_kind {
    TA_LIGHT_KIND_AMBIENT = 0, /**< AmbientLight */
    TA_LIGHT_KIND_DIRECTIONAL, /**< DirectionalLight */
    TA_LIGHT_KIND_POINT,       /**< PointLight */
    TA_LIGHT_KIND_SPOT,        /**< SpotLight */
    TA_LIGHT_KIND_HEMISPHERE,  /**< HemisphereLight */
    TA_LIGHT_KIND_COUNT   /**< the number of kinds; not a kind */
} ta_light_kind;

/**
 * A light attached to a scene node: what a LIGHT_ track drives, and the rest of what three.js
 * keeps.
 */
typedef struct ta_light {
    ta_light_kind kind;      /**< which light */
    ta_node_id node;         /**< the node that carries it */
    uint8_t color[3];        /**< sRGB bytes; the sky color of a hemisphere light */
    uint8_t ground_color[3]; /**< hemisphere lights only */
    float intensity;         /**< >= 0 */
    float distance;          /**< >= 0; point and spot lights */
    float angle;             /**< (0, pi/2]; spot lights */
    float penumbra;          /**< [0, 1]; spot lights */
    float decay;             /**< point and spot lights */
} ta_light;

/**
 * three.js's constructor defaults for the kind: white (and a white ground color), intensity 1,
 * distance 0, angle pi/3, penumbra 0, decay 2. node is ta_node_none(): set it before
 * ta_scene_add_light. A kind that is not named is kept, and refused by ta_light_validate.
 *
 * @ownership A value; nothing to free.
 * @errors None.
 * @threejs new AmbientLight(), new DirectionalLight(), new PointLight(), new SpotLight(), new
 * HemisphereLight().
 */
TA_API ta_light ta_light_defaults(ta_light_kind kind);

/**
 * Whether a light holds what three.js documents: a known kind, every number finite, intensity and
 * distance at least 0, angle in (0, pi/2] (pi/2 as a float holds it), penumbra in [0, 1]. The mixer
 * checks a light track's results against the same ranges.
 *
 * @ownership Reads light only.
 * @errors TA_ERROR_INVALID_ARGUMENT (light NULL), TA_ERROR_UNKNOWN_ENUM (kind),
 * TA_ERROR_NOT_A_NUMBER (a number not finite), TA_ERROR_OUT_OF_RANGE (a number outside its range).
 * The message names the field and its value.
 * @threejs None: three.js accepts any number (the ranges are the ones its documentation gives).
 */
TA_API ta_result ta_light_validate(const ta_light *light, ta_error *err);

/**
 * The three.js class of the kind: "AmbientLight", "DirectionalLight", "PointLight", "SpotLight",
 * "HemisphereLight"; "?" for a kind that is not named.
 *
 * @ownership The string is static.
 * @errors None.
 * @threejs Light.type.
 */
TA_API const char *ta_light_kind_name(ta_light_kind kind);

#ifdef __cplusplus
}
#endif

#endif
