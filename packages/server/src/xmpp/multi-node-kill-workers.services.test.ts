/**
 * The kill test on three nodes of two worker processes each (WORKERS=2): a kill takes a node's primary and both its
 * workers at once, and the two members on each node are served by its two workers.
 */
import { defineKillTest } from "./testing/kill-scenario.js";

defineKillTest(2);
