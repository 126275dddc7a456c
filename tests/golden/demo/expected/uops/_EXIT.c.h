#line 101 "uop_defs/demo.uops"
EXIT_TO_TIER_ONE();
#line 5 "uops/_EXIT.c.h"
