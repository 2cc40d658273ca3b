/* mulberry32, bit for bit as the JavaScript reference. */
#include "threeanim/random.h"

uint32_t ta_seeded_random_next_u32(ta_seeded_random *random)
{
    uint32_t a = random->state + 0x6D2B79F5u;
    random->state = a;
    uint32_t t = (a ^ (a >> 15)) * (1u | a);
    t = (t + ((t ^ (t >> 7)) * (61u | t))) ^ t;
    return t ^ (t >> 14);
}

double ta_seeded_random_next(ta_seeded_random *random)
{
    return (double)ta_seeded_random_next_u32(random) / 4294967296.0;
}
