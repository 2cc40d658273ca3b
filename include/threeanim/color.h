/**
 * @file
 * threeanim/color.h -- sRGB bytes and linear channels.
 *
 * Materials and lights store colors as sRGB bytes; tracks and the mixer work in
 * linear channels from 0 to 1, as three.js's Color does in a linear working
 * color space. These are three.js's SRGBToLinear and LinearToSRGB, and the
 * byte rounding of Color.getHex.
 *
 *     float lin = ta_color_srgb_byte_to_linear(128);      // 0.2158605
 *     uint8_t b = ta_color_linear_to_srgb_byte(0.5f);     // 188
 */
#ifndef THREEANIM_COLOR_H
#define THREEANIM_COLOR_H

#include <stdint.h>

#include "threeanim/export.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * An sRGB channel from 0 to 1 to a linear one, three.js's SRGBToLinear (the piecewise sRGB curve).
 *
 * @ownership None.
 * @errors None.
 * @threejs SRGBToLinear (ColorManagement).
 */
TA_API double ta_color_srgb_to_linear(double c);

/**
 * A linear channel from 0 to 1 to an sRGB one, three.js's LinearToSRGB.
 *
 * @ownership None.
 * @errors None.
 * @threejs LinearToSRGB (ColorManagement).
 */
TA_API double ta_color_linear_to_srgb(double c);

/**
 * byte / 255, then SRGBToLinear: how a material's or a light's stored color becomes a track's
 * value, as Color.setHex does in a linear working color space.
 *
 * @ownership None.
 * @errors None.
 * @threejs Color.setHex, one channel.
 */
TA_API float ta_color_srgb_byte_to_linear(uint8_t byte);

/**
 * LinearToSRGB, then round(clamp(c * 255, 0, 255)), as Color.getHex. NaN gives 0.
 *
 * @ownership None.
 * @errors None.
 * @threejs Color.getHex, one channel.
 */
TA_API uint8_t ta_color_linear_to_srgb_byte(double linear);

#ifdef __cplusplus
}
#endif

#endif
