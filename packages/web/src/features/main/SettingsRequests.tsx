/**
 * The main window's answers to the settings window about what the server keeps (spec §3 userData): whether the self
 * room is used (privateRoom), changed over the main window's chat connection; and the company's menu config, which
 * decides the widgets and alarm kinds offered.
 */
import { useEffect } from "react";
import { useBridge } from "../../lib/bridge";
import { useRoomCommands } from "../chat";

type SettingsRequestsProps = {
  /** The company's menu config; undefined while loading. */
  menuFlags: Readonly<Record<string, boolean>> | undefined;
};

export function SettingsRequests({ menuFlags }: SettingsRequestsProps) {
  const bridge = useBridge();
  const commands = useRoomCommands();
  useEffect(() => {
    const offs = [
      bridge.handle("settings:get-server", () => ({
        useSelfRoom: commands.isSelfRoomShown(),
        menuFlags: { ...menuFlags },
      })),
      bridge.handle("settings:set-self-room", async ({ on }) => {
        await commands.setSelfRoomShown(on);
        return { on };
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [bridge, commands, menuFlags]);
  return null;
}
