/** The week list of the commute panel (spec §2.7): date with weekday, check-in, check-out and the midnight marker. */
import { Spin } from "antd";
import { useTranslation } from "react-i18next";
import { asCatalogKey } from "../../i18n/catalog-key";
import { useWeekReport } from "./use-attendance";

export function WeekList({ today }: { today: string }) {
  const { t } = useTranslation();
  const week = useWeekReport(today);
  if (week.isPending) return <Spin />;
  if (!week.data) return null;
  return (
    <table className="moa-commute__week">
      <caption>{t("commute.week")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("commute.week.date")}</th>
          <th scope="col">{t("commute.week.in")}</th>
          <th scope="col">{t("commute.week.out")}</th>
        </tr>
      </thead>
      <tbody>
        {week.data.map(({ header, card }) => (
          <tr
            key={header.date}
            className={header.date === today ? "is-today" : undefined}
            aria-current={header.date === today ? "date" : undefined}
          >
            <th scope="row">
              {t("commute.week.day", {
                month: Number(header.mon),
                day: Number(header.day),
                weekday: t(
                  asCatalogKey(`commute.weekday.${String(header.weekday)}`),
                ),
              })}
            </th>
            <td>{card.inTime || t("commute.none")}</td>
            <td>
              {card.outTime || t("commute.none")}
              {card.midnAftLtoYn === "Y" && (
                <span
                  className="moa-commute__midnight"
                  title={t("commute.week.midnightLabel")}
                  aria-label={t("commute.week.midnightLabel")}
                >
                  {t("commute.week.midnight")}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
