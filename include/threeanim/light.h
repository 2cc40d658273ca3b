/*
 * threeanim/light.h -- lights: ambient, directional, point, spot, hemisphere.
 *
 * A light is attached to a scene node (ta_scene_add_light). Its color is kept
 * as sRGB bytes, as a color picker gives it; a LIGHT_COLOR track works in
 * linear channels and the mixer converts. The numbers are three.js's: intensity
 * in its units, distance in meters (0: no limit), angle in radians, penumbra
 * from 0 to 1, decay.
 *
 *     ta_light sun = ta_light_defaults(TA_LIGHT_DIRECTIONAL);
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

typedef enum ta_light_kind {
    TA_LIGHT_AMBIENT = 0,
    TA_LIGHT_DIRECTIONAL,
    TA_LIGHT_POINT,
    TA_LIGHT_SPOT,
    TA_LIGHT_HEMISPHERE,
    TA_LIGHT_KIND_COUNT
} ta_light_kind;

typedef struct ta_light {
    ta_light_kind kind;
    ta_node_id node;
    uint8_t color[3];        /* sRGB bytes; the sky color of a hemisphere light */
    uint8_t ground_color[3]; /* hemisphere lights only */
    float intensity;         /* >= 0 */
    float distance;          /* >= 0; point and spot lights */
    float angle;             /* (0, pi/2]; spot lights */
    float penumbra;          /* [0, 1]; spot lights */
    float decay;             /* point and spot lights */
} ta_light;

/* three.js's constructor defaults for the kind: white, intensity 1, distance 0,
 * angle pi/3, penumbra 0, decay 2. node is ta_no_parent(): set it. */
TA_API ta_light ta_light_defaults(ta_light_kind kind);

/* three.js's documented ranges: intensity >= 0, distance >= 0, angle in
 * (0, pi/2], penumbra in [0, 1], every number finite, a known kind. */
TA_API ta_result ta_light_validate(const ta_light *light, ta_error *err);

TA_API const char *ta_light_kind_name(ta_light_kind kind); /* "SpotLight", ... */

#ifdef __cplusplus
}
#endif

#endif
