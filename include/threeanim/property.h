/**
 * @file
 * threeanim/property.h -- the value a typed target holds now, read from a scene, its assets and
 * its cameras, in the units a track of its kind keys it in.
 *
 * What the mixer would blend from (and restore to) is what a tool shows beside a track: a bake's
 * first frame, a plot's rest line, a preview's start. The read goes through the same code as the
 * mixer's, so it gives the mixer's numbers: colors as linear channels (the scene keeps sRGB bytes),
 * a ROTATION_ELEMENT as the Euler XYZ angle of the node's quaternion, a flag as 0 or 1, a node's
 * name as text.
 *
 *     ta_mixer_targets where = {model->scene, model->assets, model->cameras};
 *     ta_property_value now;
 *     if (ta_property_read(&where, target, &now, &err) != TA_OK) ...  // err names what is missing
 *     for (uint32_t i = 0; i < now.count; ++i) printf("%g\n", now.v[i]);
 *
 * Ownership: nothing is allocated. A value's text points into the scene.
 */
#ifndef THREEANIM_PROPERTY_H
#define THREEANIM_PROPERTY_H

#include <stdint.h>

#include "threeanim/animation_mixer.h"
#include "threeanim/export.h"
#include "threeanim/keyframe_track.h"
#include "threeanim/result.h"

#ifdef __cplusplus
extern "C" {
#endif

/** A target's current value: numbers, or for a NODE_NAME target the node's name. */
typedef struct ta_property_value {
    uint32_t count;   /**< numbers in v: the kind's value size (1 to 4); 0 for a NODE_NAME target */
    float v[4];       /**< v[0 .. count); the rest 0 */
    const char *text; /**< a NODE_NAME target: the node's name, pointing into the scene; else NULL */
} ta_property_value;

/**
 * The value target holds now in targets, as ta_mixer_update_targets would read it before blending.
 * The target is checked as the mixer checks it: its kind fits its family, its element is in range
 * (an axis 0 to 2, a morph target the mesh has), and what it names is there (a material track needs
 * targets->assets, and a map kind the material's map; a camera track needs targets->cameras).
 *
 * @ownership Reads targets only (nothing in the scene, assets or cameras changes); writes
 * *out_value only, and only on TA_OK. out_value->text is valid until the node's name changes.
 * @errors TA_ERROR_INVALID_ARGUMENT (targets, targets->scene or out_value NULL),
 * TA_ERROR_UNKNOWN_ENUM (a kind or family not named), TA_ERROR_WRONG_KIND (a kind of another
 * family), TA_ERROR_OUT_OF_RANGE (an element out of range), TA_ERROR_MISSING_CONTEXT (a material
 * target without assets, a camera target without cameras), TA_ERROR_MISSING_TARGET (a node, mesh,
 * morph target, material, map, light or camera that is not there).
 * @threejs PropertyBinding.getValue on a bound track (what AnimationMixer saves as the original).
 */
TA_API ta_result ta_property_read(const ta_mixer_targets *targets, ta_track_target target,
                                  ta_property_value *out_value, ta_error *err);

/**
 * Where the value target holds sits in targets, for a caller that keeps its own copy of it in
 * step with the mixer's writes (js/'s drop-in mixer, which mirrors three.js objects): the floats
 * of a position, scale, quaternion, morph influence, material or light number, camera number, or
 * a map's offset, repeat, center (two floats) or rotation; the bool of a VISIBLE target or a
 * material flag; the three sRGB bytes of a material's or light's color. The target is checked
 * as ta_property_read checks it.
 *
 * @ownership Writes *out_address only, and only on TA_OK. It points into the scene, the assets or
 * the camera list: valid until the next add to the list it is in.
 * @errors As ta_property_read (out_address NULL: TA_ERROR_INVALID_ARGUMENT), and
 * TA_ERROR_WRONG_KIND for a ROTATION_ELEMENT target (the node keeps a quaternion, not the angles)
 * and a NODE_NAME target (read its text with ta_property_read).
 * @threejs None: three.js's bindings hold the object and the property's name.
 */
TA_API ta_result ta_property_address(const ta_mixer_targets *targets, ta_track_target target, void **out_address,
                                     ta_error *err);

#ifdef __cplusplus
}
#endif

#endif
