/** The kill test (docs/scaling.md "What the tests prove") on three single-process nodes. */
import { defineKillTest } from "./testing/kill-scenario.js";

defineKillTest(1);
