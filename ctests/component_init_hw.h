/* The hardware info as each component of PAPI's static library sees it in
 * its init_component (component_init_hw.c). */
#ifndef COMPONENT_INIT_HW_H
#define COMPONENT_INIT_HW_H

#include "papi.h"

/* Wraps the init_component of every compiled-in component (before
 * PAPI_library_init()); returns how many components there are. */
int component_init_hw_hook(void);
/* The hardware info component CIDX saw at the start of its last
 * init_component, NULL if it was not initialised since the hook. */
const PAPI_hw_info_t *component_init_hw(int cidx);
/* Puts the components' own init_component back. */
void component_init_hw_unhook(void);

#endif
