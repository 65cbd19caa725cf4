/** Where the running server's admin socket and its secret live: in DATA_DIR, readable by the server's user only. */
import { join } from "node:path";

/** The Unix socket the running server accepts admin commands on. */
export const adminSocketPath = (dataDir: string) => join(dataDir, "admin.sock");

/** The secret every admin request carries (mode 0600, rewritten at each start). */
export const adminSecretPath = (dataDir: string) =>
  join(dataDir, "admin.secret");

/** The admin command route on the socket. */
export const ADMIN_COMMAND_PATH = "/admin/v1/command";
