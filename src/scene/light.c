/* Lights: three.js's defaults and documented ranges. */
#include <math.h>

#include "core/internal.h"
#include "threeanim/light.h"

static const char *const light_kind_names[TA_LIGHT_KIND_COUNT] = {
    "AmbientLight", "DirectionalLight", "PointLight", "SpotLight", "HemisphereLight",
};

const char *ta_light_kind_name(ta_light_kind kind)
{
    if ((int)kind < 0 || kind >= TA_LIGHT_KIND_COUNT) return "?";
    return light_kind_names[kind];
}

ta_light ta_light_defaults(ta_light_kind kind)
{
    ta_light l;
    l.kind = kind;
    l.node = ta_node_none();
    for (int i = 0; i < 3; ++i) {
        l.color[i] = 255;
        l.ground_color[i] = 255;
    }
    l.intensity = 1.0f;
    l.distance = 0.0f;
    l.angle = (float)(TA_PI / 3.0);
    l.penumbra = 0.0f;
    l.decay = 2.0f;
    return l;
}

/* Numbers in messages are printed with %.9g, which tells every float apart:
 * with %g a refused angle of 1.57079649 would read as 1.5708, like pi/2. */
ta_result ta_light_validate(const ta_light *light, ta_error *err)
{
    if (light == NULL) return ta__fail(err, TA_ERROR_INVALID_ARGUMENT, "light: is NULL");
    if ((int)light->kind < 0 || light->kind >= TA_LIGHT_KIND_COUNT)
        return ta__fail(err, TA_ERROR_UNKNOWN_ENUM, "light.kind: %d is not a light kind", (int)light->kind);
    const struct {
        const char *name;
        float value;
    } numbers[] = {
        {"intensity", light->intensity}, {"distance", light->distance}, {"angle", light->angle},
        {"penumbra", light->penumbra},   {"decay", light->decay},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; ++i)
        if (!isfinite(numbers[i].value))
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "light.%s: %.9g is not a finite number",
                            numbers[i].name, (double)numbers[i].value);
    if (light->intensity < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.intensity: %.9g is below 0",
                        (double)light->intensity);
    if (light->distance < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.distance: %.9g is below 0",
                        (double)light->distance);
    /* The upper end is pi/2 as a float holds it (1.57079637, a hair above the
     * real pi/2), so that (float)(M_PI / 2), what a loader reads for
     * Math.PI / 2, is accepted; the next float up is not. */
    if (!(light->angle > 0) || light->angle > (float)(TA_PI / 2))
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.angle: %.9g is not in (0, pi/2]",
                        (double)light->angle);
    if (light->penumbra < 0 || light->penumbra > 1)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.penumbra: %.9g is not in [0, 1]",
                        (double)light->penumbra);
    return TA_OK;
}
