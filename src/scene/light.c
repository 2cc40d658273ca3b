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
    l.node = ta_no_parent();
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
            return ta__fail(err, TA_ERROR_NOT_A_NUMBER, "light.%s: %g is not a finite number",
                            numbers[i].name, (double)numbers[i].value);
    if (light->intensity < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.intensity: %g is below 0",
                        (double)light->intensity);
    if (light->distance < 0)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.distance: %g is below 0",
                        (double)light->distance);
    if (!(light->angle > 0) || (double)light->angle > TA_PI / 2 + 1e-7)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.angle: %g is not in (0, pi/2]",
                        (double)light->angle);
    if (light->penumbra < 0 || light->penumbra > 1)
        return ta__fail(err, TA_ERROR_OUT_OF_RANGE, "light.penumbra: %g is not in [0, 1]",
                        (double)light->penumbra);
    return TA_OK;
}
