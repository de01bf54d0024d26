import { Alert, Button, Space, Steps, Typography } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { errorMessage } from 'shared';
import { useAddReservation } from '../api/add-reservation';
import {
  addBodyOf,
  draftReducer,
  EMPTY_DRAFT,
  reachableStep,
  STEP,
  STEP_TITLES,
  stepProblem,
  type DraftAction,
} from '../model/booking-draft';
import { StepClientDates } from './step-client-dates';
import { StepContratClient } from './step-contrat-client';
import { StepEtablissement } from './step-etablissement';
import { StepOptions } from './step-options';
import { StepPensionnaires } from './step-pensionnaires';
import { StepRecapitulatif } from './step-recapitulatif';
import { StepTypeChambre } from './step-type-chambre';

export interface BookingWizardProps {
  /** Called with the new full reservation's id once the API has booked it. */
  onBooked: (idReservationMere: number) => void;
  /** Shown next to « Précédent » when given (the drawer's way out). */
  onCancel?: () => void;
  /** Told whether anything has been chosen yet (the drawer asks before throwing choices away). */
  onDirtyChange?: (dirty: boolean) => void;
}

/**
 * The booking flow: client and dates → client contract → residents → hotel and contract → room type → options →
 * summary and confirmation (POST /reservations/add). Each step keeps its choice when going back; changing the
 * client or the dates resets what depends on them.
 */
export function BookingWizard({ onBooked, onCancel, onDirtyChange }: BookingWizardProps) {
  const [draft, rawDispatch] = useReducer(draftReducer, EMPTY_DRAFT);
  const [step, setStep] = useState<number>(STEP.clientDates);
  const [hint, setHint] = useState<string | null>(null);
  const booking = useAddReservation();
  const submitting = booking.isPending;
  // 400 is toasted by the client too, 409 only logged (spec §8): the summary says it either way.
  const error = booking.isError ? errorMessage(booking.error) : null;
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const dirtyRef = useRef(onDirtyChange);
  useEffect(() => {
    dirtyRef.current = onDirtyChange;
  });

  useEffect(() => {
    dirtyRef.current?.(draft !== EMPTY_DRAFT);
  }, [draft]);

  useEffect(() => {
    // Keyboard and screen-reader users land on the new step's title (not on the first render).
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const dispatch = (action: DraftAction) => {
    setHint(null);
    booking.reset();
    rawDispatch(action);
  };
  const goTo = (target: number) => {
    setHint(null);
    setStep(reachableStep(target, draft));
  };
  const next = () => {
    const problem = stepProblem(step, draft);
    if (problem) setHint(problem);
    else goTo(step + 1);
  };
  const confirm = () =>
    booking.mutate(addBodyOf(draft), {
      onSuccess: (answer) => {
        onDirtyChange?.(false);
        onBooked(answer.id_reservation_mere);
      },
    });

  const props = { draft, dispatch };
  const content = [
    <StepClientDates key="client" {...props} />,
    <StepContratClient key="contrat" {...props} />,
    <StepPensionnaires key="pensionnaires" {...props} />,
    <StepEtablissement key="etablissement" {...props} />,
    <StepTypeChambre key="type" {...props} />,
    <StepOptions key="options" {...props} />,
    <StepRecapitulatif key="recap" draft={draft} error={error} goTo={goTo} />,
  ][step];
  const last = step === STEP.recapitulatif;

  return (
    <div>
      <Steps
        size="small"
        current={step}
        onChange={goTo}
        items={STEP_TITLES.map((title) => ({ title, disabled: submitting }))}
        style={{ marginBottom: 24 }}
      />
      <Typography.Title level={4} tabIndex={-1} ref={heading} style={{ outline: 'none' }}>
        {`Étape ${step + 1} sur ${STEP_TITLES.length} : ${STEP_TITLES[step]}`}
      </Typography.Title>
      <div style={{ minHeight: 160 }}>{content}</div>
      {hint && <Alert type="warning" showIcon title={hint} style={{ marginTop: 16 }} />}
      <Space style={{ marginTop: 24 }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            Annuler
          </Button>
        )}
        <Button onClick={() => goTo(step - 1)} disabled={step === STEP.clientDates || submitting}>
          Précédent
        </Button>
        {last ? (
          <Button type="primary" loading={submitting} onClick={confirm}>
            Confirmer la réservation
          </Button>
        ) : (
          <Button type="primary" onClick={next}>
            Suivant
          </Button>
        )}
      </Space>
    </div>
  );
}
