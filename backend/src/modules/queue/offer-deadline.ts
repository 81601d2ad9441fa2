import {
  addCalendarDays,
  stockholmDate,
  stockholmInstant,
  stockholmWallClock,
} from '@concert/shared/stockholm-time';

/** Stockholm's night for offers: from 22:00 to 08:00 nobody should have to wake up for a link. */
const NIGHT_STARTS_HOUR = 22;
const MORNING_HOUR = 8;
/** An offer made in the night runs at least until this Stockholm hour of the morning after. */
const NIGHT_OFFER_RUNS_UNTIL_HOUR = 10;

/**
 * When an offer's link ends: `hours` after it was made, but an offer made in the Stockholm
 * night (22:00–08:00) runs until at least 10:00 of the morning that ends the night, or its
 * full length counted from 08:00 when that is later. Stockholm's wall clock whatever the
 * server's own time zone; 08:00 and 10:00 exist on both daylight-saving days.
 */
export function offerDeadline(offeredAt: Date, hours: number): Date {
  const plain = new Date(offeredAt.getTime() + hours * 3_600_000);
  const hour = Number(stockholmWallClock(offeredAt).slice(11, 13));
  if (hour >= MORNING_HOUR && hour < NIGHT_STARTS_HOUR) return plain;
  const today = stockholmDate(offeredAt);
  const morning = hour >= NIGHT_STARTS_HOUR ? addCalendarDays(today, 1) : today;
  const at = (h: number) => stockholmInstant(`${morning}T${String(h).padStart(2, '0')}:00`)!.getTime();
  return new Date(
    Math.max(plain.getTime(), at(NIGHT_OFFER_RUNS_UNTIL_HOUR), at(MORNING_HOUR) + hours * 3_600_000),
  );
}
