/* carcassonne.h: the public API of libcarcassonne-1. Include this header only. */
#pragma once

#define CARCASSONNE_INSIDE
#include "carc-types.h"
#include "carc-error.h"
#include "carc-tile.h"
#include "carc-game.h"
#include "carc-rng.h"
#include "carc-plugin.h"
#include "carc-plugin-host.h"
#include "carc-record.h"
#include "carc-picture.h"
#include "carc-bot.h"
#include "carc-enum-types.h"
#undef CARCASSONNE_INSIDE
