/**
 * The room-type dialog after picking several people (spec §2.4, §5): GROUP (default) or PROJECT and a required room
 * title of at most 20 characters with an "x/20" counter. Used for a new chat and for inviting into a 1:1 room.
 */
import {
  countCharacters,
  ROOM_TITLE_MAX_LENGTH,
  ROOM_TYPES,
  truncateCharacters,
  validateRoomTitle,
} from "@moa/shared";
import { App, Form, Input, Modal, Radio } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

/** A room type a new room can have. */
export type NewRoomType = typeof ROOM_TYPES.group | typeof ROOM_TYPES.project;

/** What the dialog confirms: the type and the trimmed title. */
export type RoomTypeChoice = { type: NewRoomType; title: string };

type RoomTypeDialogProps = {
  open: boolean;
  /** The room is being created: the confirm button spins. */
  busy?: boolean;
  onConfirm: (choice: RoomTypeChoice) => void;
  onCancel: () => void;
};

/** The room-type dialog; renders nothing while closed, so each opening starts with GROUP and no title. */
export function RoomTypeDialog(props: RoomTypeDialogProps) {
  return props.open ? <RoomTypeForm {...props} /> : null;
}

function RoomTypeForm({
  busy = false,
  onConfirm,
  onCancel,
}: RoomTypeDialogProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [type, setType] = useState<NewRoomType>(ROOM_TYPES.group);
  const [title, setTitle] = useState("");
  const titleId = useId();

  const confirm = () => {
    const result = validateRoomTitle(title);
    if (!result.ok) {
      void modal.warning({
        title: t("common.alert.title"),
        content: t(result.code),
        okText: t("common.button.confirm"),
      });
      return;
    }
    onConfirm({ type, title: result.value });
  };

  return (
    <Modal
      open
      title={t("roomType.title")}
      width={360}
      centered
      okText={t("common.button.confirm")}
      cancelText={t("common.button.cancel")}
      okButtonProps={{ loading: busy }}
      onOk={confirm}
      onCancel={onCancel}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={t("roomType.typeLabel")}>
          <Radio.Group
            aria-label={t("roomType.typeLabel")}
            value={type}
            onChange={(e) => {
              setType(e.target.value as NewRoomType);
            }}
            options={[
              { value: ROOM_TYPES.group, label: t("roomType.group") },
              { value: ROOM_TYPES.project, label: t("roomType.project") },
            ]}
          />
        </Form.Item>
        <Form.Item label={t("roomType.nameLabel")} htmlFor={titleId} required>
          <Input
            id={titleId}
            value={title}
            placeholder={t("roomType.namePlaceholder")}
            count={{
              show: ({ count }) =>
                `${String(count)}/${String(ROOM_TITLE_MAX_LENGTH)}`,
              max: ROOM_TITLE_MAX_LENGTH,
              strategy: countCharacters,
              exceedFormatter: (value, { max }) =>
                truncateCharacters(value, max, ""),
            }}
            onChange={(e) => {
              setTitle(e.target.value);
            }}
            onPressEnter={confirm}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
