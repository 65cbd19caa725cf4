/** The Fastify instance type routes register on (the app is created with the pino logger). */
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { Logger } from "../logger.js";

export type HttpApp = FastifyInstance<
  Server,
  IncomingMessage,
  ServerResponse,
  Logger
>;
