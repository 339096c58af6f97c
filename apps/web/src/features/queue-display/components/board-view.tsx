import type { ReactNode } from 'react';
import { Badge } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DisplayBoard, DisplayCall } from '@clinic/shared';
import { Ltr } from '@/components/ltr';
import { formatNumber, formatTime } from '@/lib/dates';
import { useClinicClock } from '../hooks/use-clinic-clock';
import classes from './display-board.module.css';

/** Where a call sends the patient: the room, else the doctor. */
const placeOf = (c: Pick<DisplayCall, 'room' | 'doctor'>) => c.room ?? c.doctor;

interface BoardViewProps {
  board: DisplayBoard;
  offline: boolean;
  /** The screen's own buttons (full screen, language, theme), small in a corner. */
  controls: ReactNode;
}

/**
 * The waiting-room screen: the clinic and its clock, the call of the moment as large as the screen allows (number,
 * then the room or doctor), the calls before it, and the numbers still waiting. Numbers and places only; a patient's
 * name only when the clinic shows names (the board then carries it).
 */
export function BoardView({ board, offline, controls }: BoardViewProps) {
  const { t, i18n } = useTranslation();
  const now = useClinicClock(board.now);
  const [current, ...earlier] = board.calls;

  return (
    <main className={classes.board} data-testid="display-board">
      <header className={classes.header}>
        <div>
          <div data-testid="display-clinic">{board.clinic.name}</div>
          {board.display.room && <div className={classes.muted}>{board.display.room}</div>}
        </div>
        <div className={classes.controls}>
          {offline && (
            <Badge size="xl" color="orange" variant="filled" leftSection={<IconWifiOff size={18} />} role="status" data-testid="display-offline">
              {t('queueDisplay.board.offline')}
            </Badge>
          )}
          {controls}
          <Ltr><span className={classes.clock} data-testid="display-clock">{formatTime(now, i18n.language, board.clinic.timeZone)}</span></Ltr>
        </div>
      </header>

      <div className={classes.main}>
        <section className={classes.current} aria-live="assertive" aria-atomic="true" data-testid="display-current">
          {current ? (
            <div key={current.id} className={classes.fresh}>
              <div className={classes.caption}>{current.recall ? t('queueDisplay.board.recall') : t('queueDisplay.board.nowCalling')}</div>
              <div className={classes.currentLabel} data-testid="display-current-label"><Ltr>{current.label}</Ltr></div>
              <div className={classes.currentPlace} data-testid="display-current-place"><bdi>{placeOf(current)}</bdi></div>
              {current.patientName && <div className={classes.caption}>{current.patientName}</div>}
            </div>
          ) : (
            <div className={classes.caption} data-testid="display-no-calls">{t('queueDisplay.board.noCalls')}</div>
          )}
        </section>

        <section className={classes.side} aria-labelledby="display-recent-title">
          <div id="display-recent-title" className={classes.sideTitle}>{t('queueDisplay.board.recent')}</div>
          <div className={classes.recentList} data-testid="display-recent">
            {earlier.map((c) => (
              <div key={c.id} className={classes.recentRow} data-testid="display-recent-call">
                <span className={classes.recentLabel}><Ltr>{c.label}</Ltr></span>
                <span className={classes.recentPlace}>
                  <bdi>{placeOf(c)}</bdi>
                  <span className={classes.muted}> · <Ltr>{formatTime(new Date(c.at), i18n.language, board.clinic.timeZone)}</Ltr></span>
                </span>
              </div>
            ))}
          </div>
        </section>
      </div>

      <section className={classes.waiting} aria-label={t('queueDisplay.board.waiting')} data-testid="display-waiting">
        <span className={classes.sideTitle}>{t('queueDisplay.board.waiting')}</span>
        {/* How many wait, as a number: the strip shows the first ones in call order, as many as fit. */}
        {board.waiting.length === 0
          ? <span className={classes.muted}>{t('queueDisplay.board.noneWaiting')}</span>
          : <span className={classes.count} data-testid="display-waiting-count">{formatNumber(board.waiting.length, i18n.language)}</span>}
        {board.waiting.map((w) => (
          <span key={w.label} className={classes.chip} data-testid="display-waiting-number">
            <Ltr>{w.label}</Ltr>
            {w.patientName && <span className={classes.muted}> {w.patientName}</span>}
          </span>
        ))}
      </section>
    </main>
  );
}
