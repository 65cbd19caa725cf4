/**
 * The room window's view controls: the opacity slider of the input area (spec §2.11) and a view-settings popover
 * with the chat font size (80–140 %) and the zoom buttons matching Ctrl+plus / Ctrl+minus / Ctrl+0.
 */
import {
  CHAT_FONT_RATIOS,
  OPACITY_MAX,
  OPACITY_MIN,
  OPACITY_SLIDER_STEP,
  ZOOM_MAX,
  ZOOM_MIN,
  parseChatFontRatio,
} from "@moa/shared";
import {
  FontSizeOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from "@ant-design/icons";
import { Button, Popover, Radio, Slider, Typography } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { RoomView } from "./use-room-view-settings";

export type RoomViewControlsProps = { view: RoomView };

export function RoomViewControls({ view }: RoomViewControlsProps) {
  const { t } = useTranslation();
  const fontLabelId = useId();
  const zoomLabelId = useId();
  const percent = (factor: number) =>
    t("chatRoom.view.percent", { value: Math.round(factor * 100) });
  const panel = (
    <div className="moa-room-view__panel">
      <Typography.Text type="secondary" id={fontLabelId}>
        {t("chatRoom.view.fontSize")}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={fontLabelId}
        optionType="button"
        size="small"
        value={view.fontRatio}
        onChange={(e) => {
          view.setFontRatio(parseChatFontRatio(e.target.value));
        }}
        options={CHAT_FONT_RATIOS.map((ratio) => ({
          value: ratio,
          label: t("chatRoom.view.percent", { value: ratio }),
        }))}
      />
      <Typography.Text type="secondary" id={zoomLabelId}>
        {t("chatRoom.view.zoom")}
      </Typography.Text>
      <div
        className="moa-room-view__zoom"
        role="group"
        aria-labelledby={zoomLabelId}
      >
        <Button
          size="small"
          icon={<ZoomOutOutlined />}
          aria-label={t("chatRoom.view.zoomOut")}
          disabled={view.zoom <= ZOOM_MIN}
          onClick={() => {
            view.zoomBy("out");
          }}
        />
        <output className="moa-room-view__zoom-value">
          {percent(view.zoom)}
        </output>
        <Button
          size="small"
          icon={<ZoomInOutlined />}
          aria-label={t("chatRoom.view.zoomIn")}
          disabled={view.zoom >= ZOOM_MAX}
          onClick={() => {
            view.zoomBy("in");
          }}
        />
        <Button
          size="small"
          onClick={() => {
            view.zoomBy("reset");
          }}
        >
          {t("chatRoom.view.zoomReset")}
        </Button>
      </div>
    </div>
  );
  return (
    <div className="moa-room-view">
      <Slider
        className="moa-room-view__opacity"
        min={OPACITY_MIN}
        max={OPACITY_MAX}
        step={OPACITY_SLIDER_STEP}
        value={view.opacity}
        onChange={view.setOpacity}
        ariaLabelForHandle={t("chatRoom.view.opacity")}
        ariaValueTextFormatterForHandle={percent}
        tooltip={{ formatter: (value) => percent(value ?? OPACITY_MAX) }}
      />
      <Popover trigger="click" placement="topRight" content={panel}>
        <Button
          type="text"
          size="small"
          icon={<FontSizeOutlined />}
          aria-label={t("chatRoom.view.settings")}
          title={t("chatRoom.view.settings")}
        />
      </Popover>
    </div>
  );
}
