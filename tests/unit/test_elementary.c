/* The library's elementary functions (src/core/elementary.h): each within its
 * claimed error of values worked out to 300 bits (the table below, printed
 * with mpmath's sin, cos, tan, atan2, asin, acos and power as the nearest double
 * and what is left), within one ulp more of the C library's over many drawn
 * arguments, and C's answers for signed zeros, infinities and NaN. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "ta_test.h"

#include "core/elementary.h"

enum { F_SIN, F_COS, F_TAN, F_ATAN2, F_ASIN, F_ACOS, F_POW };
/* The claims of elementary.h, in ulp of the true value (pow: relative) */
static const double BOUND[] = {1.0, 1.0, 2.5, 2.0, 2.5, 3.0, 2e-14};
static const char *const NAME[] = {"sin", "cos", "tan", "atan2", "asin", "acos", "pow"};

typedef struct row {
    int f;
    double x, y, want, want_lo; /* the exact value: want + want_lo, to some 2^-106 of it */
} row;

static const row TABLE[] = {
    {F_SIN, 0x1.0000000000000p-1, 0x0.0p+0, 0x1.eaee8744b05f0p-2, -0x1.789b43c9b027dp-58},
    {F_COS, 0x1.0000000000000p-1, 0x0.0p+0, 0x1.c1528065b7d50p-1, -0x1.892111312e828p-55},
    {F_SIN, 0x1.0000000000000p+0, 0x0.0p+0, 0x1.aed548f090ceep-1, 0x1.06374f484e288p-59},
    {F_COS, 0x1.0000000000000p+0, 0x0.0p+0, 0x1.14a280fb5068cp-1, -0x1.b71edcc9344bcp-55},
    {F_SIN, -0x1.0000000000000p+0, 0x0.0p+0, -0x1.aed548f090ceep-1, -0x1.06374f484e288p-59},
    {F_COS, -0x1.0000000000000p+0, 0x0.0p+0, 0x1.14a280fb5068cp-1, -0x1.b71edcc9344bcp-55},
    {F_SIN, 0x1.921fb54442d18p-1, 0x0.0p+0, 0x1.6a09e667f3bccp-1, 0x1.7a7fb8d4bd43fp-55},
    {F_COS, 0x1.921fb54442d18p-1, 0x0.0p+0, 0x1.6a09e667f3bcdp-1, -0x1.ec4c7696139d5p-56},
    {F_SIN, 0x1.921fb54442d1ap-1, 0x0.0p+0, 0x1.6a09e667f3bcep-1, -0x1.bab15b16e7921p-56},
    {F_COS, 0x1.921fb54442d1ap-1, 0x0.0p+0, 0x1.6a09e667f3bcbp-1, 0x1.61b22b15273e1p-55},
    {F_SIN, 0x1.921fb54442d18p+0, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.377ce858a5d48p-109},
    {F_COS, 0x1.921fb54442d18p+0, 0x0.0p+0, 0x1.1a62633145c07p-54, -0x1.f1976b7ed8fbcp-110},
    {F_SIN, 0x1.921fb54442d18p+1, 0x0.0p+0, 0x1.1a62633145c07p-53, -0x1.f1976b7ed8fbdp-109},
    {F_COS, 0x1.921fb54442d18p+1, 0x0.0p+0, -0x1.0000000000000p+0, 0x1.377ce858a5d48p-107},
    {F_SIN, -0x1.2d97c7f3321d2p+2, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.5e6c8563ba8f1p-106},
    {F_COS, -0x1.2d97c7f3321d2p+2, 0x0.0p+0, -0x1.a79394c9e8a0ap-53, -0x1.456737b06ea19p-107},
    {F_SIN, 0x1.4000000000000p+1, 0x0.0p+0, 0x1.326af0dcfcab1p-1, -0x1.fd42734161659p-55},
    {F_COS, 0x1.4000000000000p+1, 0x0.0p+0, -0x1.9a2f7ef858b7dp-1, -0x1.587cfaa17e973p-56},
    {F_SIN, 0x1.9000000000000p+6, 0x0.0p+0, -0x1.03425b78c4db8p-1, -0x1.c23d8557420fbp-59},
    {F_COS, 0x1.9000000000000p+6, 0x0.0p+0, 0x1.b981dbf665fdfp-1, 0x1.8fd0cdcd985e8p-55},
    {F_SIN, -0x1.f440000000000p+9, 0x0.0p+0, -0x1.fd948c50a7a0dp-1, -0x1.d918b81a3f1d8p-55},
    {F_COS, -0x1.f440000000000p+9, 0x0.0p+0, 0x1.8dbff75eb664fp-4, 0x1.23b5b3fe5fcbep-58},
    {F_SIN, 0x1.81cd6c8b43958p+13, 0x0.0p+0, -0x1.687d5890974a5p-1, -0x1.6a6c3056ad519p-56},
    {F_COS, 0x1.81cd6c8b43958p+13, 0x0.0p+0, 0x1.6b94c3bbe24b8p-1, -0x1.c9c50dc8917f6p-56},
    {F_SIN, 0x1.e848000000000p+19, 0x0.0p+0, -0x1.6664b2568d867p-2, -0x1.264732d26e9b9p-56},
    {F_COS, 0x1.e848000000000p+19, 0x0.0p+0, 0x1.df9df9906d32cp-1, 0x1.abb226a0c6680p-55},
    {F_SIN, -0x1.1e1a300000000p+26, 0x0.0p+0, 0x1.fcb091636f7bap-1, 0x1.606e341668a37p-55},
    {F_COS, -0x1.1e1a300000000p+26, 0x0.0p+0, -0x1.d1047cc0ce609p-4, 0x1.461019155c2ebp-59},
    {F_SIN, 0x1.dcd6500000000p+26, 0x0.0p+0, -0x1.4efd269eb2553p-1, 0x1.fd796a744e36ep-55},
    {F_COS, 0x1.dcd6500000000p+26, 0x0.0p+0, 0x1.833410a35146cp-1, 0x1.58b8803968ab0p-55},
    {F_SIN, 0x1.921fb54442d18p+2, 0x0.0p+0, -0x1.1a62633145c07p-52, 0x1.f1976b7ed8fbfp-108},
    {F_COS, 0x1.921fb54442d18p+2, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.377ce858a5d48p-105},
    {F_SIN, 0x1.4f8b588e368f1p-17, 0x0.0p+0, 0x1.4f8b588e1e8a2p-17, 0x1.75b30450b875ep-71},
    {F_COS, 0x1.4f8b588e368f1p-17, 0x0.0p+0, 0x1.ffffffff920c8p-1, 0x1.3149f1007a5f5p-58},
    {F_SIN, -0x1.9c511dc3a41dfp-29, 0x0.0p+0, -0x1.9c511dc3a41dfp-29, 0x1.6486d7dd08392p-88},
    {F_COS, -0x1.9c511dc3a41dfp-29, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.4c0a98c0c8c21p-58},
    {F_SIN, 0x1.921fb54442d18p+0, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.377ce858a5d48p-109},
    {F_COS, 0x1.921fb54442d18p+0, 0x0.0p+0, 0x1.1a62633145c07p-54, -0x1.f1976b7ed8fbcp-110},
    {F_SIN, 0x1.921fb54442d18p+1, 0x0.0p+0, 0x1.1a62633145c07p-53, -0x1.f1976b7ed8fbdp-109},
    {F_COS, 0x1.921fb54442d18p+1, 0x0.0p+0, -0x1.0000000000000p+0, 0x1.377ce858a5d48p-107},
    {F_SIN, 0x1.2d97c7f3321d2p+2, 0x0.0p+0, -0x1.0000000000000p+0, 0x1.5e6c8563ba8f1p-106},
    {F_COS, 0x1.2d97c7f3321d2p+2, 0x0.0p+0, -0x1.a79394c9e8a0ap-53, -0x1.456737b06ea19p-107},
    {F_SIN, 0x1.5fdbbe9bba775p+3, 0x0.0p+0, -0x1.0000000000000p+0, 0x1.dcf743c7bded6p-104},
    {F_COS, 0x1.5fdbbe9bba775p+3, 0x0.0p+0, -0x1.ee2c2d963a10cp-52, -0x1.326e07c4088c9p-109},
    {F_SIN, 0x1.3a28c59d5433bp+7, 0x0.0p+0, 0x1.1b19140c0c0d5p-50, 0x1.2f92fec6610dap-109},
    {F_COS, 0x1.3a28c59d5433bp+7, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.391074c78e91bp-101},
    {F_SIN, 0x1.88b2f704a940ap+10, 0x0.0p+0, 0x1.2c3beb21e1e21p-44, 0x1.217b77be66c4ap-98},
    {F_COS, 0x1.88b2f704a940ap+10, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.601c7d1da2ff3p-89},
    {F_SIN, 0x1.2efdec30a2e8ap+14, 0x0.0p+0, 0x1.0000000000000p+0, -0x1.177858ac50a39p-80},
    {F_COS, 0x1.2efdec30a2e8ap+14, 0x0.0p+0, 0x1.7a454a054c327p-40, 0x1.ecd343fb79d79p-96},
    {F_SIN, 0x1.32cb07ebc9985p+17, 0x0.0p+0, -0x1.0000000000000p+0, 0x1.f68c8b32193bep-74},
    {F_COS, 0x1.32cb07ebc9985p+17, 0x0.0p+0, -0x1.fb40a31c55eecp-37, 0x1.746c9831630b8p-92},
    {F_SIN, 0x1.e4a3c59652a70p+1, 0x0.0p+0, -0x1.33ac2b73c41e8p-1, -0x1.125b2891cd34fp-56},
    {F_COS, -0x1.136965e087365p+4, 0x0.0p+0, -0x1.0c3594ed3cbb9p-4, -0x1.cb5cbd809aea4p-58},
    {F_SIN, 0x1.49c6e42b6422ap+3, 0x0.0p+0, -0x1.8adcf4b5f5c51p-1, 0x1.85582f53680e1p-56},
    {F_COS, 0x1.8b3f581530178p+2, 0x0.0p+0, 0x1.fd0c2a2a052e6p-1, 0x1.893c6fc7ce4dcp-62},
    {F_SIN, -0x1.d1ce1111c2ab0p+2, 0x0.0p+0, -0x1.ad73075fc68dcp-1, -0x1.807e2f73a3850p-59},
    {F_COS, 0x1.8bea194adb4a0p+3, 0x0.0p+0, 0x1.f6641945399f7p-1, 0x1.a30372d39407dp-55},
    {F_SIN, 0x1.0092a86bdbf0ep+4, 0x0.0p+0, -0x1.49ba86ca71293p-2, 0x1.bfb8fef7ce1b0p-56},
    {F_COS, -0x1.1e851194c1494p+2, 0x0.0p+0, -0x1.dde46e60b6dffp-3, 0x1.ed13a6385d437p-57},
    {F_SIN, -0x1.4623319c413e7p+3, 0x0.0p+0, 0x1.6352d8e6fb815p-1, -0x1.c00255d6df040p-60},
    {F_COS, -0x1.d44e69d5540c0p+0, 0x0.0p+0, -0x1.05ca6d391b1bcp-2, -0x1.282da5d6574b7p-57},
    {F_SIN, 0x1.97e6d5314ccf8p+3, 0x0.0p+0, 0x1.6fc676c62f021p-3, 0x1.3997e52fe76b9p-59},
    {F_COS, -0x1.1a5a492ab2ed2p+4, 0x0.0p+0, 0x1.70a77ec1c3f1ep-2, 0x1.81c572c3403f3p-56},
    {F_SIN, -0x1.fb22cbd89a000p-8, 0x0.0p+0, -0x1.fb21802658790p-8, 0x1.d3ade933c0b29p-62},
    {F_COS, -0x1.ca5d3b2d03948p+2, 0x0.0p+0, 0x1.46b66027603a5p-1, -0x1.cc19abd66a0b3p-55},
    {F_SIN, 0x1.5277b18ca9b0cp+2, 0x0.0p+0, -0x1.ad5762e540a0fp-1, -0x1.ca77e5896854ap-58},
    {F_COS, -0x1.be2da10bbd1b6p+3, 0x0.0p+0, 0x1.8b04f5d64e557p-3, -0x1.013e23a7c0482p-58},
    {F_SIN, -0x1.f27845893dc20p+1, 0x0.0p+0, 0x1.5e02a1fde2d42p-1, 0x1.218bcab37e8cdp-55},
    {F_COS, 0x1.010a56bd5b490p+4, 0x0.0p+0, -0x1.dfb50c57389d3p-1, 0x1.13822af01b9aep-55},
    {F_SIN, 0x1.3597fb89e3764p+4, 0x0.0p+0, 0x1.eaf9d8b85ea9bp-2, -0x1.7071c352bf1fbp-56},
    {F_COS, 0x1.169df6bdeb0e0p+3, 0x0.0p+0, -0x1.8199beca7fe14p-1, 0x1.f8e9ce2cc26dap-55},
    {F_SIN, 0x1.378a5cb58ba80p-2, 0x0.0p+0, 0x1.32c1af059caa0p-2, -0x1.08218a285aab4p-59},
    {F_COS, 0x1.0e67698de104ap+3, 0x0.0p+0, -0x1.1f76e8eafbd54p-1, -0x1.37a0ebda7d7b7p-55},
    {F_SIN, -0x1.e5b093409a044p+2, 0x0.0p+0, -0x1.ee1de158a2c43p-1, 0x1.73e6f10e56924p-57},
    {F_COS, -0x1.7a3e7d7f7bcd5p+3, 0x0.0p+0, 0x1.77eef667c3eeap-1, -0x1.efa66bf9b77fap-57},
    {F_TAN, 0x1.999999999999ap-4, 0x0.0p+0, 0x1.9af8877430b80p-4, 0x1.bbc144a47eb26p-60},
    {F_TAN, 0x1.921fb54442d18p-1, 0x0.0p+0, 0x1.fffffffffffffp-1, 0x1.cb3b399d747f3p-55},
    {F_TAN, 0x1.0000000000000p+0, 0x0.0p+0, 0x1.8eb245cbee3a6p+0, -0x1.1d4ce0afb373bp-54},
    {F_TAN, 0x1.8000000000000p+0, 0x0.0p+0, 0x1.c33ed50b88777p+3, 0x1.697584f023122p-51},
    {F_TAN, -0x1.3333333333333p+0, 0x0.0p+0, -0x1.493c43acb164dp+1, 0x1.767ad8ada14a2p-53},
    {F_TAN, 0x1.8000000000000p+1, 0x0.0p+0, -0x1.23ef71254b86fp-3, -0x1.996164fbff0a8p-60},
    {F_TAN, -0x1.999999999999ap-2, 0x0.0p+0, -0x1.b0f0b49dcdcd8p-2, -0x1.285076bea4adbp-57},
    {F_ATAN2, 0x1.0000000000000p+0, 0x1.0000000000000p+0, 0x1.921fb54442d18p-1, 0x1.1a62633145c07p-55},
    {F_ATAN2, 0x1.0000000000000p+0, -0x1.0000000000000p+0, 0x1.2d97c7f3321d2p+1, 0x1.a79394c9e8a0ap-54},
    {F_ATAN2, -0x1.0000000000000p+0, -0x1.0000000000000p+0, -0x1.2d97c7f3321d2p+1, -0x1.a79394c9e8a0ap-54},
    {F_ATAN2, 0x1.0000000000000p-1, 0x1.0000000000000p+1, 0x1.f5b75f92c80ddp-3, 0x1.8ab6e3cf7afbdp-57},
    {F_ATAN2, 0x1.0000000000000p+1, 0x1.0000000000000p-1, 0x1.5368c951e9cfdp+0, -0x1.96f47948a99f1p-54},
    {F_ATAN2, 0x1.b7cdfd9d7bdbbp-34, 0x1.0000000000000p+0, 0x1.b7cdfd9d7bdbbp-34, -0x1.b0b0ffe8fae2bp-102},
    {F_ATAN2, 0x1.0000000000000p+0, 0x1.b7cdfd9d7bdbbp-34, 0x1.921fb543d4de0p+0, 0x1.408aa57645c22p-54},
    {F_ATAN2, -0x1.8000000000000p+1, 0x1.999999999999ap-4, -0x1.8997fbb8b19c0p+0, -0x1.6dccd7ff3736cp-54},
    {F_ATAN2, 0x1.8000000000000p+1, -0x1.999999999999ap-4, 0x1.9aa76ecfd4070p+0, 0x1.8defdcc6a8943p-55},
    {F_ATAN2, 0x1.c000000000000p-2, 0x1.0000000000000p+0, 0x1.a64eec3cc23fdp-2, -0x1.24dec1b50b7ffp-56},
    {F_ATAN2, 0x1.6000000000000p-1, 0x1.0000000000000p+0, 0x1.345f01cce37bbp-1, 0x1.1021137c71102p-55},
    {F_ATAN2, 0x1.3000000000000p+0, 0x1.0000000000000p+0, 0x1.bde70ed439fe7p-1, -0x1.a2b56372c05efp-56},
    {F_ATAN2, 0x1.3800000000000p+1, 0x1.0000000000000p+0, 0x1.2e75728833a54p+0, 0x1.16e3ef7326bdap-56},
    {F_ATAN2, 0x1.7e43c8800759cp+996, 0x1.56e1fc2f8f359p-997, 0x1.921fb54442d18p+0, 0x1.1a62633145c07p-54},
    {F_ATAN2, 0x1.3333333333333p-2, -0x1.86a0000000000p+16, 0x1.921f9c19cf607p+1, 0x1.ec1c5200fcedap-54},
    {F_ASIN, 0x1.a36e2eb1c432dp-14, 0x0.0p+0, 0x1.a36e2ebd7e992p-14, 0x1.c0521f1bc980ap-68},
    {F_ACOS, 0x1.a36e2eb1c432dp-14, 0x0.0p+0, 0x1.9219278b87db9p+0, -0x1.7ec49e1736aebp-54},
    {F_ASIN, 0x1.0000000000000p-2, 0x0.0p+0, 0x1.02be9ce0b87cdp-2, 0x1.e5d09da2e0f04p-58},
    {F_ACOS, 0x1.0000000000000p-2, 0x0.0p+0, 0x1.51700e0c14b25p+0, -0x1.fd535474274b1p-61},
    {F_ASIN, 0x1.0000000000000p-1, 0x0.0p+0, 0x1.0c152382d7366p-1, -0x1.ee6913347c2a6p-55},
    {F_ACOS, 0x1.0000000000000p-1, 0x0.0p+0, 0x1.0c152382d7366p+0, -0x1.ee6913347c2a6p-54},
    {F_ASIN, -0x1.0000000000000p-1, 0x0.0p+0, -0x1.0c152382d7366p-1, 0x1.ee6913347c2a6p-55},
    {F_ACOS, -0x1.0000000000000p-1, 0x0.0p+0, 0x1.0c152382d7366p+1, -0x1.ee6913347c2a6p-53},
    {F_ASIN, 0x1.6a09e667f3bcdp-1, 0x0.0p+0, 0x1.921fb54442d19p-1, -0x1.bc7e938bd7e9cp-57},
    {F_ACOS, 0x1.6a09e667f3bcdp-1, 0x0.0p+0, 0x1.921fb54442d18p-1, -0x1.5c1b94ba7e84bp-55},
    {F_ASIN, 0x1.ccccccccccccdp-1, 0x0.0p+0, 0x1.1ea93705fa172p+0, 0x1.797aca4b76b6ep-55},
    {F_ACOS, 0x1.ccccccccccccdp-1, 0x0.0p+0, 0x1.cdd9f8f922e98p-2, 0x1.7693f82e29940p-56},
    {F_ASIN, 0x1.fae147ae147aep-1, 0x0.0p+0, 0x1.6de3c6f33d51dp+0, 0x1.3ea3fef97267dp-54},
    {F_ACOS, 0x1.fae147ae147aep-1, 0x0.0p+0, 0x1.21df72882bfd8p-3, -0x1.220cde41653b1p-57},
    {F_ASIN, 0x1.ffffde7210be9p-1, 0x0.0p+0, 0x1.91c306b2c13adp+0, -0x1.fb5513da6b051p-54},
    {F_ACOS, 0x1.ffffde7210be9p-1, 0x0.0p+0, 0x1.72ba46065af16p-10, -0x1.2223d13cea1f2p-64},
    {F_ASIN, -0x1.fffffff768fa1p-1, 0x0.0p+0, -0x1.921cc6f77cacbp+0, 0x1.1f058142265d1p-54},
    {F_ACOS, -0x1.fffffff768fa1p-1, 0x0.0p+0, 0x1.921e3e1ddfbf1p+1, 0x1.fdae70f78fb1bp-53},
    {F_ASIN, 0x1.ffffffffea028p-1, 0x0.0p+0, 0x1.921f6a3c9521bp+0, -0x1.cf0edcf2d4748p-54},
    {F_ACOS, 0x1.ffffffffea028p-1, 0x0.0p+0, 0x1.2c1eb6bf6e971p-18, 0x1.009068d3bf5dap-72},
    {F_POW, 0x1.0000000000000p-1, 0x1.3333333333333p+1, 0x1.8406003b2ae5dp-3, -0x1.468c7f166932fp-58},
    {F_POW, 0x1.7294cba1306e2p-4, 0x1.3333333333333p+1, 0x1.9a5c75c44c042p-9, -0x1.912944aba6276p-64},
    {F_POW, 0x1.ccccccccccccdp-1, 0x1.3333333333333p+1, 0x1.8d9aea11bd810p-1, -0x1.93e80ca4d30a7p-55},
    {F_POW, 0x1.0624dd2f1a9fcp-10, 0x1.3333333333333p+1, 0x1.0efe7e62615a5p-24, 0x1.48b7c8c81f091p-78},
    {F_POW, 0x1.9a5c37387b719p-9, 0x1.aaa8eb463497bp-2, 0x1.729859c1df7f5p-4, 0x1.e769df56da989p-58},
    {F_POW, 0x1.0000000000000p-1, 0x1.aaa8eb463497bp-2, 0x1.7f91819f76f9bp-1, -0x1.34db081ff23e1p-55},
    {F_POW, 0x1.ff7ced916872bp-1, 0x1.aaa8eb463497bp-2, 0x1.ffc95f216404bp-1, -0x1.f31f8de3e4db9p-55},
    {F_POW, 0x1.0000000000000p+1, 0x1.4000000000000p+3, 0x1.0000000000000p+10, 0x0.0p+0},
    {F_POW, 0x1.0c6f7a0b5ed8dp-20, 0x1.3333333333333p+1, 0x1.1eddcf968ef8ap-48, 0x1.e8ed58a653deep-102},
    /* where a review found the claims exceeded (atan of a result below 1/16, acos near 1, tan
     * below 1, asin, pow near |y ln x| = 40), and atan's series' edge */
    {F_ATAN2, 0x1.9d386f2941185p-5, 0x1.9d0e4e1299400p-1, 0x1.ff89bffa342edp-5, 0x1.26c252aa35a21p-59},
    {F_ACOS, 0x1.fc02b9ec6e840p-1, 0x0.0p+0, 0x1.ffa68b81c8a4fp-4, -0x1.33a408b546048p-58},
    {F_TAN, 0x1.88015c9f16d37p-1, 0x0.0p+0, 0x1.ec270f374c7f8p-1, 0x1.e30182c8e330ap-56},
    {F_TAN, 0x1.f450bf028e7ffp+1, 0x0.0p+0, 0x1.ed9e5e162e0cfp-1, 0x1.68964c95a102cp-56},
    {F_ASIN, 0x1.a5a6a7c1a4b8dp-1, 0x0.0p+0, 0x1.ef6bb088f90dbp-1, -0x1.dc2c8e0e90e7fp-57},
    {F_POW, 0x1.66c0add2933bdp-1, -0x1.afd66965a42a1p+6, 0x1.51c0c37e22ceap+55, 0x1.69553b0b64739p+1},
    {F_ATAN2, 0x1.0000000000000p-4, 0x1.0000000000000p+0, 0x1.ff55bb72cfdeap-5, -0x1.c934d86d23f1dp-60},
    {F_ATAN2, 0x1.0068db8bac711p-4, 0x1.0000000000000p+0, 0x1.001350a7585a7p-4, 0x1.63f197aa07900p-58},
    {F_ATAN2, 0x1.bbd44f7c6479dp-5, 0x1.7889662b5d8abp-1, 0x1.2d34f2b547fd2p-4, 0x1.130c4a541e333p-58},
    {F_ACOS, 0x1.ff14a91a5c5bbp-1, 0x0.0p+0, 0x1.eafa7501d76eap-5, 0x1.d9fccf82b7677p-59},
};

static double ours(int f, double x, double y)
{
    switch (f) {
    case F_SIN: return ta__sin(x);
    case F_COS: return ta__cos(x);
    case F_TAN: return ta__tan(x);
    case F_ATAN2: return ta__atan2(x, y);
    case F_ASIN: return ta__asin(x);
    case F_ACOS: return ta__acos(x);
    default: return ta__pow(x, y);
    }
}

static double libm(int f, double x, double y)
{
    switch (f) {
    case F_SIN: return sin(x);
    case F_COS: return cos(x);
    case F_TAN: return tan(x);
    case F_ATAN2: return atan2(x, y);
    case F_ASIN: return asin(x);
    case F_ACOS: return acos(x);
    default: return pow(x, y);
    }
}

/* |got - (want + want_lo)| in ulp of want (pow: relative); got - want is exact where they are
 * near, so a want_lo carries the exact value's error past a double */
static double error_of(int f, double got, double want, double want_lo)
{
    const double d = fabs((got - want) - want_lo);
    if (f == F_POW) return d / fabs(want);
    const double a = fabs(want);
    return d / (nextafter(a, INFINITY) - a);
}

static void test_within_the_claims_of_exact_values(void **state)
{
    (void)state;
    double worst[7] = {0};
    for (size_t i = 0; i < sizeof TABLE / sizeof TABLE[0]; ++i) {
        const row *r = &TABLE[i];
        const double got = ours(r->f, r->x, r->y), e = error_of(r->f, got, r->want, r->want_lo);
        if (!(e <= BOUND[r->f]))
            fail_msg("%s(%a, %a) = %a, the exact value rounded %a: %g past the claim %g", NAME[r->f], r->x, r->y,
                     got, r->want, e, BOUND[r->f]);
        if (e > worst[r->f]) worst[r->f] = e;
    }
    for (int f = 0; f < 7; ++f) printf("# %s: %.3g at worst (claim %g)\n", NAME[f], worst[f], BOUND[f]);
}

/* xorshift64*, a uniform double in [lo, hi) */
static double draw(uint64_t *s, double lo, double hi)
{
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return lo + (hi - lo) * (double)((*s * 2685821657736338717ull) >> 11) * 0x1p-53;
}

static void test_near_the_c_library_over_drawn_arguments(void **state)
{
    (void)state;
    uint64_t s = 20261206;
    double worst[7] = {0};
    for (int i = 0; i < 200000; ++i) {
        const double x = draw(&s, -10, 10), far = draw(&s, -1.3e8, 1.3e8), u = draw(&s, -1, 1);
        const double near1 = 1 - ldexp(draw(&s, 0, 1), -(int)draw(&s, 1, 50)), c = draw(&s, 0, 1);
        const double args[][3] = {{F_SIN, x, 0},     {F_COS, x, 0},       {F_SIN, far, 0},  {F_COS, far, 0},
                                  {F_TAN, x, 0},     {F_ATAN2, x, u},     {F_ATAN2, u, x},  {F_ASIN, u, 0},
                                  {F_ACOS, u, 0},    {F_ACOS, near1, 0},  {F_ASIN, -near1, 0}, {F_POW, c, 2.4},
                                  {F_POW, c, 0.41666}};
        for (size_t k = 0; k < sizeof args / sizeof args[0]; ++k) {
            const int f = (int)args[k][0];
            const double want = libm(f, args[k][1], args[k][2]);
            if (want == 0) continue;
            const double e = error_of(f, ours(f, args[k][1], args[k][2]), want, 0);
            /* the C library is within an ulp of the truth itself (pow: 1e-16) */
            if (!(e <= BOUND[f] + (f == F_POW ? 1e-16 : 1)))
                fail_msg("%s(%a, %a): %a, the C library %a: %g apart", NAME[f], args[k][1], args[k][2],
                         ours(f, args[k][1], args[k][2]), want, e);
            if (e > worst[f]) worst[f] = e;
        }
    }
    for (int f = 0; f < 7; ++f) printf("# %s: %.3g from the C library at worst\n", NAME[f], worst[f]);
}

/* Past 2^27 radians the argument is reduced by fmod with 2 pi as a double:
 * off by about |x| 3.9e-17 radians, and the same bits everywhere. */
static void test_far_arguments_lose_what_the_header_says(void **state)
{
    (void)state;
    const double xs[] = {0x1p27, -3e8, 1e10, 1e12, -5e14};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; ++i) {
        const double x = xs[i], bound = fabs(x) * 4e-17 + 1e-15;
        assert_true(fabs(ta__sin(x) - sin(x)) <= bound);
        assert_true(fabs(ta__cos(x) - cos(x)) <= bound);
        double s, c;
        ta__sincos(x, &s, &c);
        assert_true(s == ta__sin(x) && c == ta__cos(x));
    }
}

static void test_zeros_infinities_and_nan_as_c_answers(void **state)
{
    (void)state;
    const double inf = INFINITY, pi = 0x1.921fb54442d18p+1;
    assert_true(ta__sin(-0.0) == 0 && signbit(ta__sin(-0.0)));
    assert_true(ta__sin(0.0) == 0 && !signbit(ta__sin(0.0)));
    assert_true(ta__cos(-0.0) == 1 && ta__tan(-0.0) == 0 && signbit(ta__tan(-0.0)));
    assert_true(isnan(ta__sin(inf)) && isnan(ta__cos(-inf)) && isnan(ta__tan(inf)) && isnan(ta__sin(NAN)));
    double s, c;
    ta__sincos(-0.0, &s, &c);
    assert_true(s == 0 && signbit(s) && c == 1);
    ta__sincos(inf, &s, &c);
    assert_true(isnan(s) && isnan(c));
    /* atan2's table (C11 F.10.1.4) */
    assert_true(ta__atan2(0.0, 1) == 0 && !signbit(ta__atan2(0.0, 1)));
    assert_true(ta__atan2(-0.0, 1) == 0 && signbit(ta__atan2(-0.0, 1)));
    assert_true(ta__atan2(0.0, -0.0) == pi && ta__atan2(-0.0, -0.0) == -pi);
    assert_true(ta__atan2(0.0, 0.0) == 0 && ta__atan2(-0.0, -1) == -pi);
    assert_true(ta__atan2(1, 0.0) == pi / 2 && ta__atan2(-1, -0.0) == -pi / 2);
    assert_true(ta__atan2(inf, inf) == pi / 4 && ta__atan2(-inf, -inf) == -3 * pi / 4);
    assert_true(ta__atan2(1, inf) == 0 && ta__atan2(1, -inf) == pi && ta__atan2(-inf, 5) == -pi / 2);
    assert_true(isnan(ta__atan2(NAN, 1)) && isnan(ta__atan2(1, NAN)));
    /* asin and acos at their ends, and outside [-1, 1] */
    assert_true(ta__asin(1) == pi / 2 && ta__asin(-1) == -pi / 2 && ta__asin(-0.0) == 0 && signbit(ta__asin(-0.0)));
    assert_true(ta__acos(1) == 0 && ta__acos(-1) == pi && ta__acos(0) == pi / 2);
    assert_true(isnan(ta__asin(1.0000000000000002)) && isnan(ta__acos(-1.5)) && isnan(ta__acos(NAN)));
    /* pow on what the sRGB curves can give it */
    assert_true(ta__pow(0, 2.4) == 0 && ta__pow(5, 0) == 1 && ta__pow(1, 0.41666) == 1 && ta__pow(0, 0) == 1);
    assert_true(ta__pow(inf, 2) == inf && ta__pow(inf, -2) == 0 && ta__pow(0, -1) == inf);
    assert_true(isnan(ta__pow(-1, 2)) && isnan(ta__pow(NAN, 2)) && isnan(ta__pow(2, NAN)));
    assert_true(fabs(ta__pow(2, 10) - 1024) <= 1024 * 1e-14 && fabs(ta__pow(0x1p-40, 0.5) / 0x1p-20 - 1) <= 1e-14);
    assert_true(ta__pow(1e300, 10) == inf && ta__pow(1e-300, 10) == 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_within_the_claims_of_exact_values),
        cmocka_unit_test(test_near_the_c_library_over_drawn_arguments),
        cmocka_unit_test(test_far_arguments_lose_what_the_header_says),
        cmocka_unit_test(test_zeros_infinities_and_nan_as_c_answers),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
