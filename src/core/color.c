/* sRGB <-> linear, as three.js's ColorManagement does it. */
#include <math.h>

#include "core/elementary.h"
#include "threeanim/color.h"

double ta_color_srgb_to_linear(double c)
{
    return (c < 0.04045) ? c * 0.0773993808 : ta__pow(c * 0.9478672986 + 0.0521327014, 2.4);
}

double ta_color_linear_to_srgb(double c)
{
    return (c < 0.0031308) ? c * 12.92 : 1.055 * ta__pow(c, 0.41666) - 0.055;
}

float ta_color_srgb_byte_to_linear(uint8_t byte)
{
    return (float)ta_color_srgb_to_linear((double)byte / 255.0);
}

uint8_t ta_color_linear_to_srgb_byte(double linear)
{
    double s = ta_color_linear_to_srgb(linear) * 255.0;
    if (!(s > 0)) return 0; /* also NaN */
    if (s > 255) return 255;
    /* Math.round: halves go up. floor(s + 0.5) would also round
     * 0.49999999999999994 up, as the addition rounds; s - floor(s) is exact. */
    double whole = floor(s);
    return (uint8_t)(s - whole >= 0.5 ? whole + 1 : whole);
}
