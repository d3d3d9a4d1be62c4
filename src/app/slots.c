#include "slots.h"
