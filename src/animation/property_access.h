/*
 * src/animation/property_access.h -- reading, checking and writing the
 * property a typed target names, for the mixer. Not public.
 *
 * Values are floats in a track's units: colors as linear channels (the
 * material or light keeps sRGB bytes), a ROTATION_ELEMENT as an Euler XYZ
 * angle from the node's quaternion, flags as 0 or 1. String properties (a
 * node's name) have their own calls.
 */
#ifndef THREEANIM_SRC_ANIMATION_PROPERTY_ACCESS_H
#define THREEANIM_SRC_ANIMATION_PROPERTY_ACCESS_H

#include "core/internal.h"
#include "threeanim/animation_mixer.h"
#include "threeanim/keyframe_track.h"

/* The numbers the mixer keeps for a target: the kind's value size. */
uint32_t ta__property_size(ta_track_kind kind);

/* TA_OK if the target is there: its node, mesh (and morph target), material
 * (and for map kinds, the material's map texture), light or camera; a
 * material track needs targets->assets and a camera track targets->cameras. */
ta_result ta__property_check_target(const ta_mixer_targets *targets, ta_track_target target, ta_error *err);

/* The current value (the target was checked). */
void ta__property_read(const ta_mixer_targets *targets, ta_track_target target, float *out);
const char *ta__property_read_string(const ta_mixer_targets *targets, ta_track_target target);

/* TA_ERROR_VALUE_NOT_HELD (or NOT_A_NUMBER) if the property cannot hold value:
 * a color channel outside [0, 1], a material number outside its range, a
 * light number Light.validate refuses, a non-finite number. Cameras are
 * checked as a whole by ta__property_check_camera. */
ta_result ta__property_check_value(ta_track_target target, const float *value, ta_error *err);

/* Writes value (checked). */
void ta__property_write(const ta_mixer_targets *targets, ta_track_target target, const float *value);

/* Applies value to a copy of the camera the target names (cameras only). */
void ta__property_apply_to_perspective(ta_perspective_camera *camera, ta_track_kind kind, float value);
void ta__property_apply_to_orthographic(ta_orthographic_camera *camera, ta_track_kind kind, float value);

#endif
