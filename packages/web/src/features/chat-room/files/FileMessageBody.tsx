/** A FILE message in the list (spec §2.11): name and size, opening the download. */
import type { BridgeEvents } from "@moa/shared";

type Message = BridgeEvents["message:added"]["message"];

export function FileMessageBody({ message }: { message: Message }) {
  if (!message.file) return <span>{message.text}</span>;
  return (
    <a href={message.file.fileDownUrl} download={message.file.fileName}>
      {message.file.fileName}
    </a>
  );
}
