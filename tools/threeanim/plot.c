/* Clips as SVG curves (plot.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

#define PANEL_HEIGHT 236.0
#define GAP 22.0
#define MARGIN 24.0
#define HEADER 78.0
/* The plot area inside a panel. */
#define PAD_LEFT 66.0
#define PAD_RIGHT 20.0
#define PAD_TOP 56.0
#define PAD_BOTTOM 42.0
/* Past this many keys a track's keys are ticks on the time axis, not circles. */
#define DENSE_KEYS 150

static const char *const component_colors[4] = {"#e0483e", "#2f9e44", "#2f6fdb", "#8c6bc8"};
#define SCALAR_COLOR "#2563eb"

static const char *color_of(uint32_t size, uint32_t c)
{
    return size == 1 ? SCALAR_COLOR : component_colors[c & 3];
}

/* The first component with the same samples as c (c itself if none): such a
 * component is drawn once, and named "x = y = z" in the legend. */
static uint32_t same_as(const float *v, uint32_t n, uint32_t size, uint32_t c)
{
    for (uint32_t d = 0; d < c; ++d) {
        bool same = true;
        for (uint32_t i = 0; i < n && same; ++i) same = v[(size_t)i * size + d] == v[(size_t)i * size + c];
        if (same) return d;
    }
    return c;
}

static void xml_text(FILE *out, const char *s)
{
    for (; *s; ++s) {
        switch (*s) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

/* Code points of UTF-8 text. */
static size_t text_length(const char *s)
{
    size_t n = 0;
    for (; *s; ++s) n += ((unsigned char)*s & 0xC0) != 0x80;
    return n;
}

/* The byte offset of code point i. */
static size_t text_offset(const char *s, size_t i)
{
    size_t at = 0;
    for (size_t n = 0; s[at]; ++at) {
        if (((unsigned char)s[at] & 0xC0) != 0x80 && n++ == i) return at;
    }
    return at;
}

/* text in at most max_px pixels, at about char_px a character: whole, or cut
 * in the middle (the start says what, the end which) with the whole in a
 * tooltip. Writes the inside of a <text> element. */
static void fit_text(FILE *out, const char *text, double max_px, double char_px)
{
    size_t n = text_length(text);
    size_t fits = max_px > char_px ? (size_t)(max_px / char_px) : 1;
    if (n <= fits) {
        xml_text(out, text);
        return;
    }
    fputs("<title>", out);
    xml_text(out, text);
    fputs("</title>", out);
    size_t keep = fits > 2 ? fits - 1 : 1, head = (keep + 1) / 2, tail = keep - head;
    char part[1024];
    size_t cut = text_offset(text, head);
    snprintf(part, sizeof part, "%.*s", (int)(cut < sizeof part ? cut : sizeof part - 1), text);
    xml_text(out, part);
    fputs("\xe2\x80\xa6", out);
    xml_text(out, text + text_offset(text, n - tail));
}

/* A list of " \xc2\xb7 " separated parts in at most max_px pixels: the last parts
 * dropped until it fits (the first say the most), then cut as fit_text. */
static void fit_list(FILE *out, const char *text, double max_px, double char_px)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", text);
    char *dot;
    while ((double)text_length(buf) * char_px > max_px && (dot = strstr(buf, " \xc2\xb7 ")) != NULL) {
        char *last = dot;
        while ((dot = strstr(last + 1, " \xc2\xb7 ")) != NULL) last = dot;
        *last = '\0';
    }
    fit_text(out, buf, max_px, char_px);
}

/* A round step near range / count: 1, 2, 2.5 or 5 times a power of ten. */
static double nice_step(double range, double count)
{
    double raw = range / count;
    double p = pow(10, floor(log10(raw)));
    double f = raw / p;
    double nice = f <= 1 ? 1 : f <= 2 ? 2 : f <= 2.5 ? 2.5 : f <= 5 ? 5 : 10;
    return nice * p;
}

static int decimals_for(double step)
{
    int d = 0;
    while (d < 6 && fabs(step * pow(10, d) - round(step * pow(10, d))) > 1e-6 * step * pow(10, d)) d++;
    return d;
}

static void tick_label(char *buf, size_t size, double v, double step)
{
    if (fabs(v) < step * 1e-6) v = 0;
    snprintf(buf, size, "%.*f", decimals_for(step), v);
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

typedef struct panel_data {
    uint32_t size;   /* numbers drawn a sample (3 for a rotation as Euler angles) */
    uint32_t n;      /* samples */
    double *t;
    float *v;        /* n * size */
    float *kv;       /* as Euler angles: each key's angles (keys * 3); NULL: the track's values */
    double ymin, ymax;
} panel_data;

/* The XYZ Euler angles of a unit quaternion (x, y, z, w), in degrees, as
 * three.js's Euler.setFromQuaternion (through the rotation matrix). */
static void euler_degrees(const float *q, double *out)
{
    double x = q[0], y = q[1], z = q[2], w = q[3];
    double m11 = 1 - 2 * (y * y + z * z), m12 = 2 * (x * y - z * w), m13 = 2 * (x * z + y * w);
    double m22 = 1 - 2 * (x * x + z * z), m23 = 2 * (y * z - x * w);
    double m32 = 2 * (y * z + x * w), m33 = 1 - 2 * (x * x + y * y);
    double c = m13 < -1 ? -1 : m13 > 1 ? 1 : m13;
    double ex, ey = asin(c), ez;
    if (fabs(m13) < 0.9999999) {
        ex = atan2(-m23, m33);
        ez = atan2(-m12, m11);
    } else {
        ex = atan2(m32, m22);
        ez = 0;
    }
    const double deg = 180.0 / 3.14159265358979323846;
    out[0] = ex * deg;
    out[1] = ey * deg;
    out[2] = ez * deg;
}

/* a + 360 k nearest to near: angles read on from the last, not wrapped at 180. */
static double unwrap(double a, double near)
{
    return a - 360.0 * round((a - near) / 360.0);
}

static bool drawn_as_euler(const ta_track *track, bool euler)
{
    return euler && ta_track_kind_value_type(ta_track_target_of(track).kind) == TA_VALUE_TYPE_ROTATION;
}

static ta_result sample_track(const ta_track *track, double xmax, double plot_width, bool euler, panel_data *pd,
                              ta_error *err)
{
    uint32_t keys = ta_track_key_count(track);
    const float *times = ta_track_times(track);
    uint32_t uniform = (uint32_t)plot_width; /* a sample a pixel, and each key */
    if (uniform < 240) uniform = 240;
    bool before_keys = ta_track_interpolation(track) == TA_INTERPOLATION_STEP || keys <= 400;
    uint32_t cap = uniform + 1 + keys * (before_keys ? 2 : 1);
    uint32_t track_size = ta_track_value_size(track);
    euler = drawn_as_euler(track, euler);
    pd->size = euler ? 3 : track_size;
    pd->t = malloc(cap * sizeof *pd->t);
    pd->v = malloc((size_t)cap * track_size * sizeof *pd->v);
    if (euler) pd->kv = malloc((size_t)keys * 3 * sizeof *pd->kv);
    if (pd->t == NULL || pd->v == NULL || (euler && pd->kv == NULL)) {
        if (err) {
            err->code = TA_ERROR_OUT_OF_MEMORY;
            snprintf(err->message, sizeof err->message, "out of memory sampling a track");
        }
        return TA_ERROR_OUT_OF_MEMORY;
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i <= uniform; ++i) pd->t[n++] = xmax * i / uniform;
    for (uint32_t k = 0; k < keys; ++k) {
        pd->t[n++] = times[k];
        /* just before a key, so that a step shows as a vertical edge */
        if (before_keys && times[k] > 0) pd->t[n++] = times[k] - xmax * 1e-6;
    }
    qsort(pd->t, n, sizeof *pd->t, cmp_double);
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; ++i)
        if (m == 0 || pd->t[i] > pd->t[m - 1]) pd->t[m++] = pd->t[i];
    pd->n = m;
    ta_sampler sampler = {0};
    pd->ymin = INFINITY;
    pd->ymax = -INFINITY;
    double last[3] = {0, 0, 0};
    for (uint32_t i = 0; i < m; ++i) {
        float *dst = &pd->v[(size_t)i * pd->size];
        float q[4];
        ta_result r = ta_track_sample_with(track, &sampler, pd->t[i], TA_ENDING_ZERO_CURVATURE, TA_ENDING_ZERO_CURVATURE,
                                           euler ? q : dst, euler ? 4 : pd->size, err);
        if (r != TA_OK) return r;
        if (euler) {
            double e[3];
            euler_degrees(q, e);
            for (int c = 0; c < 3; ++c) {
                last[c] = i == 0 ? e[c] : unwrap(e[c], last[c]);
                dst[c] = (float)last[c];
            }
        }
        for (uint32_t c = 0; c < pd->size; ++c) {
            if (dst[c] < pd->ymin) pd->ymin = dst[c];
            if (dst[c] > pd->ymax) pd->ymax = dst[c];
        }
    }
    /* a key's angles are the curve's at its time (sampled above), so that they sit on it */
    for (uint32_t k = 0; euler && k < keys; ++k) {
        uint32_t lo = 0, hi = m - 1;
        while (lo < hi) {
            uint32_t mid = (lo + hi) / 2;
            if (pd->t[mid] < times[k]) lo = mid + 1;
            else hi = mid;
        }
        memcpy(&pd->kv[(size_t)k * 3], &pd->v[(size_t)lo * 3], 3 * sizeof *pd->kv);
    }
    return TA_OK;
}

/* The handles of key k, component c: false if the key has none on that side. */
static bool handle(const ta_track *track, uint32_t k, uint32_t c, bool out_side, double *ht, double *hv)
{
    ta_interpolation interp = ta_track_interpolation(track);
    uint32_t keys = ta_track_key_count(track), size = ta_track_value_size(track);
    const float *times = ta_track_times(track), *values = ta_track_values(track);
    const float *tan = out_side ? ta_track_out_tangents(track) : ta_track_in_tangents(track);
    if (tan == NULL) return false;
    if (interp == TA_INTERPOLATION_CUBIC_SPLINE) {
        /* The Bezier control point of the Hermite segment: a third of the
         * interval along the tangent (value units per second). */
        if (out_side ? k + 1 >= keys : k == 0) return false;
        double dt = out_side ? times[k + 1] - times[k] : times[k] - times[k - 1];
        double slope = tan[(size_t)k * size + c];
        *ht = times[k] + (out_side ? dt : -dt) / 3.0;
        *hv = values[(size_t)k * size + c] + (out_side ? slope : -slope) * dt / 3.0;
        return true;
    }
    if (interp == TA_INTERPOLATION_BEZIER) {
        *ht = tan[2 * ((size_t)k * size + c)];
        *hv = tan[2 * ((size_t)k * size + c) + 1];
        return true;
    }
    return false;
}

typedef struct frame_box {
    double x0, y0, w, h;      /* the panel */
    double left, right, top, bottom;
    double xmax, ymin, ymax;
} frame_box;

static double px(const frame_box *b, double t) { return b->left + (b->right - b->left) * t / b->xmax; }
static double py(const frame_box *b, double v) { return b->bottom - (b->bottom - b->top) * (v - b->ymin) / (b->ymax - b->ymin); }

static void draw_axes(FILE *out, const frame_box *b, const ta_track *track, double clip_end, const char *unit)
{
    ta_track_kind kind = ta_track_target_of(track).kind;
    ta_value_type type = ta_track_kind_value_type(kind);
    char label[64];
    /* y grid and labels */
    fputs("<g class=\"grid\">", out);
    if (type == TA_VALUE_TYPE_FLAG || type == TA_VALUE_TYPE_STRING) {
        uint32_t count = type == TA_VALUE_TYPE_FLAG ? 2 : ta_track_string_count(track);
        for (uint32_t i = 0; i < count; ++i) {
            double y = py(b, i);
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", b->left, y, b->right, y);
        }
        fputs("</g><g class=\"ylab\">", out);
        for (uint32_t i = 0; i < count; ++i) {
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">", b->left - 8, py(b, i) + 4);
            if (type == TA_VALUE_TYPE_FLAG) fputs(i ? "on" : "off", out);
            else {
                char s[24];
                snprintf(s, sizeof s, "%.20s", ta_track_string(track, i));
                xml_text(out, s);
            }
            fputs("</text>", out);
        }
        fputs("</g>", out);
    } else {
        double step = nice_step(b->ymax - b->ymin, 4.5);
        double first = ceil(b->ymin / step - 1e-9) * step;
        for (double v = first; v <= b->ymax + step * 1e-9; v += step) {
            double y = py(b, v);
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", b->left, y, b->right, y);
        }
        fputs("</g><g class=\"ylab\">", out);
        for (double v = first; v <= b->ymax + step * 1e-9; v += step) {
            tick_label(label, sizeof label, v, step);
            fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", b->left - 8, py(b, v) + 4, label);
        }
        fputs("</g>", out);
    }
    /* x grid and labels */
    double xstep = nice_step(b->xmax, (b->right - b->left) / 70.0);
    fputs("<g class=\"grid\">", out);
    for (double t = 0; t <= b->xmax + xstep * 1e-9; t += xstep)
        fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", px(b, t), b->top, px(b, t), b->bottom);
    fputs("</g><g class=\"xlab\">", out);
    for (double t = 0; t <= b->xmax + xstep * 1e-9; t += xstep) {
        tick_label(label, sizeof label, t, xstep);
        fprintf(out, "<text x=\"%.1f\" y=\"%.1f\">%s</text>", px(b, t), b->bottom + 16, label);
    }
    fputs("</g>", out);
    fprintf(out, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>", b->left, b->top,
            b->right - b->left, b->bottom - b->top);
    fprintf(out, "<text class=\"unit\" x=\"%.1f\" y=\"%.1f\">time (s)</text>", (b->left + b->right) / 2,
            b->bottom + 34);
    if (unit[0])
        fprintf(out, "<text class=\"unit\" transform=\"translate(%.1f %.1f) rotate(-90)\">%s</text>", b->x0 + 16,
                (b->top + b->bottom) / 2, unit);
    if (clip_end < b->xmax - 1e-9) {
        double x = px(b, clip_end);
        fprintf(out, "<line class=\"clipend\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", x, b->top, x, b->bottom);
        fprintf(out, "<text class=\"clipend-label\" x=\"%.1f\" y=\"%.1f\">clip end</text>", x, b->top - 4);
    }
}

/* The legend's name of component c: "x", or "x = z" when z's samples are x's. */
static void legend_name(const panel_data *pd, ta_track_kind kind, uint32_t c, char *name, size_t size)
{
    name[0] = '\0';
    for (uint32_t d = c; d < pd->size; ++d)
        if (d == c || same_as(pd->v, pd->n, pd->size, d) == c)
            snprintf(name + strlen(name), size - strlen(name), "%s%s", d == c ? "" : " = ", cli_component_name(kind, d));
}

/* Component c's curve. Past two samples a pixel, each pixel column keeps its
 * first, lowest, highest and last sample, in time order: what a line that
 * dense shows, at a fraction of the points. */
static void draw_curve(FILE *out, const frame_box *b, const panel_data *pd, uint32_t c)
{
    fprintf(out, "<polyline class=\"curve\" stroke=\"%s\" points=\"", color_of(pd->size, c));
    double width = b->right - b->left;
    bool thin = pd->n > 2 * width;
    bool first = true;
    for (uint32_t i = 0; i < pd->n;) {
        uint32_t end = i + 1;
        if (thin) {
            long col = lround(floor(px(b, pd->t[i]) - b->left));
            while (end < pd->n && lround(floor(px(b, pd->t[end]) - b->left)) == col) ++end;
        }
        uint32_t lo = i, hi = i;
        for (uint32_t j = i; j < end; ++j) {
            if (pd->v[(size_t)j * pd->size + c] < pd->v[(size_t)lo * pd->size + c]) lo = j;
            if (pd->v[(size_t)j * pd->size + c] > pd->v[(size_t)hi * pd->size + c]) hi = j;
        }
        uint32_t pick[4] = {i, lo < hi ? lo : hi, lo < hi ? hi : lo, end - 1};
        for (int k = 0; k < 4; ++k) {
            if (k > 0 && pick[k] == pick[k - 1]) continue;
            fprintf(out, "%s%.1f,%.1f", first ? "" : " ", px(b, pd->t[pick[k]]),
                    py(b, pd->v[(size_t)pick[k] * pd->size + c]));
            first = false;
        }
        i = end;
    }
    fputs("\"/>\n", out);
}

static void draw_panel(FILE *out, const frame_box *b, const ta_track *track, const panel_data *pd, const char *label,
                       double clip_end, bool embedded, const char *id_prefix)
{
    ta_track_kind kind = ta_track_target_of(track).kind;
    uint32_t keys = ta_track_key_count(track);
    const float *times = ta_track_times(track);
    bool euler = pd->kv != NULL;
    const float *values = euler ? pd->kv : ta_track_values(track);
    fprintf(out, "<g class=\"panel\"");
    if (embedded) fprintf(out, " data-left=\"%.1f\" data-right=\"%.1f\" data-t1=\"%.6f\"", b->left, b->right, b->xmax);
    fprintf(out, ">\n<rect class=\"card\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"8\"/>", b->x0, b->y0,
            b->w, b->h);
    /* the legend takes the right of the title's line */
    double legend_w = 0;
    if (pd->size > 1)
        for (uint32_t c = 0; c < pd->size; ++c) {
            if (same_as(pd->v, pd->n, pd->size, c) != c) continue;
            char name[32];
            legend_name(pd, kind, c, name, sizeof name);
            legend_w += 7.0 * (double)strlen(name) + 40;
        }
    fprintf(out, "<text class=\"ptitle\" x=\"%.1f\" y=\"%.1f\">", b->x0 + 16, b->y0 + 24);
    fit_text(out, label, b->w - 40 - legend_w, 8.6);
    char sub[320];
    snprintf(sub, sizeof sub, "%s \xc2\xb7 %s \xc2\xb7 %u key%s \xc2\xb7 %.3f\xe2\x80\x93%.3f s%s", ta_track_kind_name(kind),
             ta_interpolation_name(ta_track_interpolation(track)), keys, keys == 1 ? "" : "s", (double)times[0],
             (double)times[keys - 1], euler ? " \xc2\xb7 as Euler XYZ angles" : "");
    fprintf(out, "</text><text class=\"psub\" x=\"%.1f\" y=\"%.1f\">", b->x0 + 16, b->y0 + 42);
    fit_list(out, sub, b->w - 32, 6.6);
    fputs("</text>\n", out);
    if (pd->size > 1) {
        double x = b->x0 + b->w - 16;
        for (uint32_t c = pd->size; c-- > 0;) {
            if (same_as(pd->v, pd->n, pd->size, c) != c) continue;
            char name[32];
            legend_name(pd, kind, c, name, sizeof name);
            fprintf(out, "<text class=\"legend\" x=\"%.1f\" y=\"%.1f\">%s</text>", x, b->y0 + 25, name);
            double text_w = 7.0 * (double)strlen(name);
            fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"3\"/>",
                    x - text_w - 22, b->y0 + 21, x - text_w - 6, b->y0 + 21, component_colors[c & 3]);
            x -= text_w + 40;
        }
        fputc('\n', out);
    }
    draw_axes(out, b, track, clip_end, euler ? "degrees" : cli_kind_unit(kind));
    fputc('\n', out);
    fprintf(out, "<clipPath id=\"%sc%.0f_%.0f\"><rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/></clipPath>",
            id_prefix, b->x0, b->y0, b->left - 6, b->top - 6, b->right - b->left + 12, b->bottom - b->top + 12);
    fprintf(out, "<g clip-path=\"url(#%sc%.0f_%.0f)\">\n", id_prefix, b->x0, b->y0);
    /* handles under the curves (a quaternion's tangent has no Euler angle handle) */
    ta_interpolation interp = ta_track_interpolation(track);
    if (!euler && (interp == TA_INTERPOLATION_CUBIC_SPLINE || interp == TA_INTERPOLATION_BEZIER)) {
        for (uint32_t c = 0; c < pd->size; ++c) {
            if (same_as(pd->v, pd->n, pd->size, c) != c) continue;
            /* a flat line's handles lie on it and only clutter it */
            bool flat = true;
            for (uint32_t i = 1; i < pd->n && flat; ++i) flat = pd->v[(size_t)i * pd->size + c] == pd->v[c];
            if (flat) continue;
            fprintf(out, "<g class=\"handles\" stroke=\"%s\" fill=\"%s\">", color_of(pd->size, c), color_of(pd->size, c));
            for (uint32_t k = 0; k < keys; ++k) {
                double kx = px(b, times[k]), ky = py(b, values[(size_t)k * pd->size + c]);
                for (int side = 0; side < 2; ++side) {
                    double ht, hv;
                    if (!handle(track, k, c, side == 1, &ht, &hv)) continue;
                    double hx = px(b, ht), hy = py(b, hv);
                    fprintf(out, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", kx, ky, hx, hy);
                    fprintf(out, "<rect x=\"%.1f\" y=\"%.1f\" width=\"4\" height=\"4\"/>", hx - 2, hy - 2);
                }
            }
            fputs("</g>\n", out);
        }
    }
    for (uint32_t c = 0; c < pd->size; ++c) {
        if (same_as(pd->v, pd->n, pd->size, c) != c) continue;
        draw_curve(out, b, pd, c);
    }
    if (keys > DENSE_KEYS) {
        /* Too many keys for a circle each: a tick on the time axis per pixel column that has keys. */
        fputs("<path class=\"keyticks\" d=\"", out);
        double last = -1;
        for (uint32_t k = 0; k < keys; ++k) {
            double x = px(b, times[k]);
            if (k > 0 && floor(x) == floor(last)) continue;
            fprintf(out, "M%.1f %.1fv-6", x, b->bottom);
            last = x;
        }
        fputs("\"/>\n", out);
    } else {
        for (uint32_t c = 0; c < pd->size; ++c) {
            if (same_as(pd->v, pd->n, pd->size, c) != c) continue;
            fprintf(out, "<g class=\"keys\" stroke=\"%s\">", color_of(pd->size, c));
            for (uint32_t k = 0; k < keys; ++k)
                fprintf(out, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\"/>", px(b, times[k]),
                        py(b, values[(size_t)k * pd->size + c]));
            fputs("</g>\n", out);
        }
    }
    fputs("</g>", out);
    if (embedded)
        fprintf(out, "<line class=\"ta-playhead\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" visibility=\"hidden\"/>",
                b->left, b->top, b->left, b->bottom);
    fputs("</g>\n", out);
}

/* The style, one rule a line; embedded, each rule is scoped to svg.ta-curves
 * so that it does not reach the rest of the page. */
static const char *const style_rules[] = {
    "text{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',Arial,sans-serif;fill:#1d2330}",
    ".heading{font-size:20px;font-weight:600}",
    ".subheading{font-size:13px;fill:#5b6475}",
    ".card{fill:#fff;stroke:#d8dde6}",
    ".ptitle{font-size:14px;font-weight:600}",
    ".psub{font-size:11.5px;fill:#6b7385}",
    ".legend{font-size:12px;text-anchor:end;fill:#454d5e}",
    ".grid line{stroke:#eceff4;stroke-width:1}",
    ".frame{fill:none;stroke:#b9c0cc;stroke-width:1}",
    ".ylab text{font-size:11px;text-anchor:end;fill:#5b6475}",
    ".xlab text{font-size:11px;text-anchor:middle;fill:#5b6475}",
    ".unit{font-size:11px;text-anchor:middle;fill:#7a8294;font-style:italic}",
    ".curve{fill:none;stroke-width:1.8;stroke-linejoin:round;stroke-linecap:round}",
    ".keys circle{fill:#fff;stroke-width:1.4}",
    ".keyticks{stroke:#4b5563;stroke-width:1;opacity:.55}",
    ".handles line{stroke-width:1;stroke-dasharray:3 2;opacity:.75}",
    ".handles rect{opacity:.8}",
    ".clipend{stroke:#c2410c;stroke-width:1.2;stroke-dasharray:5 3}",
    ".clipend-label{font-size:10.5px;fill:#c2410c;text-anchor:middle}",
    ".ta-playhead{stroke:#111827;stroke-width:1.5;opacity:.75}",
};

static void write_style(FILE *out, bool embedded)
{
    fputs("<style>\n", out);
    for (size_t i = 0; i < sizeof style_rules / sizeof style_rules[0]; ++i) {
        if (!embedded) {
            fprintf(out, "%s\n", style_rules[i]);
            continue;
        }
        /* "a b,c{...}" -> "svg.ta-curves a b,svg.ta-curves c{...}" */
        const char *rule = style_rules[i], *brace = strchr(rule, '{');
        fputs("svg.ta-curves ", out);
        for (const char *p = rule; p < brace; ++p) {
            fputc(*p, out);
            if (*p == ',') fputs("svg.ta-curves ", out);
        }
        fprintf(out, "%s\n", brace);
    }
    fputs("</style>\n", out);
}

ta_result plot_write_svg(FILE *out, const ta_model *model, const cli_names *names, const ta_clip *clip,
                         const plot_options *options, ta_error *err)
{
    (void)model;
    uint32_t n = ta_clip_track_count(clip);
    double width = options->width > 0 ? options->width : 1200;
    int columns = n >= 2 ? 2 : 1;
    double pw = (width - 2 * MARGIN - (columns - 1) * GAP) / columns;
    uint32_t rows = (n + (uint32_t)columns - 1) / (uint32_t)columns;
    double height = HEADER + rows * (PANEL_HEIGHT + GAP) + MARGIN - GAP;
    double clip_end = ta_clip_duration(clip).seconds;

    if (!options->embedded) fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", out);
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\"%s>\n",
            width, height, width, height, options->embedded ? " class=\"ta-curves\"" : "");
    write_style(out, options->embedded);
    fprintf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#f4f6f9\"/>\n", width, height);
    fprintf(out, "<text class=\"heading\" x=\"%.1f\" y=\"%.1f\">", MARGIN, 38.0);
    char heading[1200];
    snprintf(heading, sizeof heading, "%s%sclip \xe2\x80\x9c%s\xe2\x80\x9d", options->title != NULL ? options->title : "",
             options->title != NULL ? " \xe2\x80\x94 " : "", ta_clip_name(clip));
    fit_text(out, heading, width - 2 * MARGIN, 11.5);
    bool dense = false;
    for (uint32_t i = 0; i < n; ++i) dense = dense || ta_track_key_count(ta_clip_track(clip, i)) > DENSE_KEYS;
    char sub[600];
    snprintf(sub, sizeof sub,
             "%.3f s \xc2\xb7 %s blend \xc2\xb7 %u track%s \xc2\xb7 each curve sampled through its track's interpolation"
             " \xc2\xb7 circles: keys%s \xc2\xb7 squares: tangent handles",
             clip_end, ta_clip_blend_mode(clip) == TA_BLEND_MODE_ADDITIVE ? "additive" : "normal", n, n == 1 ? "" : "s",
             dense ? " (ticks on the time axis where dense)" : "");
    fprintf(out, "</text>\n<text class=\"subheading\" x=\"%.1f\" y=\"%.1f\">", MARGIN, 60.0);
    fit_list(out, sub, width - 2 * MARGIN, 7.0);
    fputs("</text>\n", out);

    double xmax = clip_end;
    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *t = ta_clip_track(clip, i);
        double last = ta_track_times(t)[ta_track_key_count(t) - 1];
        if (last > xmax) xmax = last;
    }
    if (!(xmax > 0)) xmax = 1;

    for (uint32_t i = 0; i < n; ++i) {
        const ta_track *track = ta_clip_track(clip, i);
        frame_box b;
        b.x0 = MARGIN + (double)(i % (uint32_t)columns) * (pw + GAP);
        b.y0 = HEADER + (double)(i / (uint32_t)columns) * (PANEL_HEIGHT + GAP);
        b.w = pw;
        b.h = PANEL_HEIGHT;
        b.left = b.x0 + PAD_LEFT;
        b.right = b.x0 + pw - PAD_RIGHT;
        b.top = b.y0 + PAD_TOP;
        b.bottom = b.y0 + PANEL_HEIGHT - PAD_BOTTOM;
        b.xmax = xmax;
        panel_data pd;
        memset(&pd, 0, sizeof pd);
        ta_result r = sample_track(track, xmax, b.right - b.left, options->euler, &pd, err);
        if (r != TA_OK) {
            free(pd.t);
            free(pd.v);
            free(pd.kv);
            return r;
        }
        /* the handles belong in the view too */
        uint32_t keys = pd.kv != NULL ? 0 : ta_track_key_count(track);
        for (uint32_t k = 0; k < keys; ++k)
            for (uint32_t c = 0; c < pd.size; ++c)
                for (int side = 0; side < 2; ++side) {
                    double ht, hv;
                    if (handle(track, k, c, side == 1, &ht, &hv)) {
                        if (hv < pd.ymin) pd.ymin = hv;
                        if (hv > pd.ymax) pd.ymax = hv;
                    }
                }
        ta_value_type type = ta_track_kind_value_type(ta_track_target_of(track).kind);
        if (type == TA_VALUE_TYPE_FLAG) {
            pd.ymin = 0;
            pd.ymax = 1;
        } else if (type == TA_VALUE_TYPE_STRING) {
            pd.ymin = 0;
            pd.ymax = ta_track_string_count(track) > 1 ? ta_track_string_count(track) - 1 : 1;
        }
        double range = pd.ymax - pd.ymin;
        if (range < 1e-9) {
            double mid = pd.ymin, half = fabs(mid) > 1e-9 ? fabs(mid) * 0.1 : 0.5;
            b.ymin = mid - half;
            b.ymax = mid + half;
        } else {
            b.ymin = pd.ymin - range * 0.08;
            b.ymax = pd.ymax + range * 0.08;
        }
        char label[320];
        cli_target_label(names, ta_track_target_of(track), label, sizeof label);
        draw_panel(out, &b, track, &pd, label, clip_end, options->embedded,
                   options->id_prefix != NULL ? options->id_prefix : "");
        free(pd.t);
        free(pd.v);
        free(pd.kv);
    }
    fputs("</svg>\n", out);
    return TA_OK;
}
