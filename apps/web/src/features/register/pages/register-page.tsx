import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Group, Stack, Stepper, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCircleCheck, IconFlag } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS, type Plan, type SessionUser } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { notifyError, notifySuccess } from '@/lib/notify';
import { hasToken } from '@/lib/session';
import { refreshSessionProfile, useSession } from '@/lib/session-context';
import { ClinicForm, emptyClinic, useCreateClinic } from '@/features/clinics';
import { DepartmentForm, emptyDepartment, useCreateDepartment } from '@/features/departments';
import { ComplexForm, emptyComplex, useCreateComplex } from '@/features/complexes';
import { OnboardingLayout } from '@/features/organisation';
import { selectedPlan } from '@/features/plans';
import { useCreateRegisteredCompany } from '../api/create-registered-company';
import { useSetPlan } from '../api/set-plan';
import { CompanyStepForm } from '../components/company-step-form';
import { AccountStep } from '../components/account-step';
import {
  canGoBack, canGoForward, clearProgress, firstStepAfterSignIn, loadProgress, nextStep, previousStep, saveProgress, stepsFor,
  type WizardProgress, type WizardStep,
} from '../wizard-steps';

const STEP_KEYS: Record<WizardStep, string> = { 1: 'admin', 2: 'company', 3: 'complex', 4: 'department', 5: 'clinic' };

/** /register: sign in or sign up, save the plan, then create the company, complex, department and clinic the plan needs. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const setPlan = useSetPlan();
  const createCompany = useCreateRegisteredCompany();
  const createComplex = useCreateComplex();
  const createDepartment = useCreateDepartment();
  const createClinic = useCreateClinic();
  const [plan, setPlanState] = useState<Plan>(() => (hasToken() ? session.plan : null) ?? selectedPlan());
  const [progress, setProgress] = useState<WizardProgress>(() => {
    const saved = loadProgress();
    return saved && hasToken() ? saved : { step: 1, clinics: [] };
  });

  // The sign-in screen and the route guard let the wizard through while this flag is set.
  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.loginToRegister, 'true');
  }, []);

  const update = (next: Partial<WizardProgress>) =>
    setProgress((prev) => {
      const merged = { ...prev, ...next };
      saveProgress(merged);
      return merged;
    });

  const step = progress.step;
  const steps = stepsFor(plan);

  /** After signing in: the plan is saved (or the organisation's existing one kept) and the first step of the plan opens. */
  const afterSignIn = async (user: SessionUser) => {
    const wanted = selectedPlan();
    let effective: Plan = wanted;
    if (user.plan && user.plan !== wanted) {
      effective = user.plan;
      notifySuccess(t('register.planKept', { plan: t(`plans.items.${user.plan}.name`) }));
    } else {
      try {
        await setPlan.mutateAsync(wanted);
      } catch (error) {
        notifyError(isApiError(error) ? error.message : t('errors.generic'));
        return;
      }
    }
    setPlanState(effective);
    update({ step: firstStepAfterSignIn(effective) });
  };

  const goTo = (target: WizardStep | null) => target && update({ step: target });

  const [finishing, setFinishing] = useState(false);
  /** The app opens with the organisation's plan as the server has it: the menu shows only the plan's levels. */
  const finish = async () => {
    setFinishing(true);
    try {
      await refreshSessionProfile(queryClient);
    } catch {
      // The profile is read again in the background; the stored plan is already the one the wizard saved.
    }
    localStorage.removeItem(STORAGE_KEYS.loginToRegister);
    localStorage.removeItem(STORAGE_KEYS.selectedPlan);
    clearProgress();
    void navigate('/', { replace: true });
  };

  const created = (text: string | undefined) =>
    text && (
      <Alert variant="light" color="teal" icon={<IconCircleCheck size={18} />} data-testid="wizard-created">
        {text}
      </Alert>
    );

  let content;
  switch (step) {
    case 1:
      content = <AccountStep onSignedIn={(user) => void afterSignIn(user)} />;
      break;
    case 2:
      content = progress.companyId ? (
        created(t('register.companyCreated'))
      ) : (
        <CompanyStepForm
          onSubmit={async (values) => {
            const result = await createCompany.mutateAsync(values);
            if (result.success) localStorage.setItem(STORAGE_KEYS.companyId, result._id);
            update({ companyId: result._id, step: nextStep(2, plan) ?? 3 });
          }}
        />
      );
      break;
    case 3:
      content = (
        <Stack gap="lg">
          {created(progress.complex && t('register.complexCreated', { name: progress.complex.name }))}
          <ComplexForm
            key={progress.complex?._id ?? 'first'}
            defaultValues={emptyComplex()}
            submitLabel={t('register.createComplex')}
            onSubmit={async (values) => {
              const result = await createComplex.mutateAsync(values);
              update({ complex: { _id: result.data._id, name: result.data.name }, step: nextStep(3, plan) ?? 4 });
            }}
          />
        </Stack>
      );
      break;
    case 4:
      content = (
        <Stack gap="lg">
          {created(progress.department && t('register.departmentCreated', { name: progress.department.name }))}
          <DepartmentForm
            key={progress.department?._id ?? 'first'}
            defaultValues={emptyDepartment({ clinicCollectionId: progress.complex?._id ?? '' })}
            plan={plan}
            submitLabel={t('register.createDepartment')}
            onSubmit={async (values) => {
              const result = await createDepartment.mutateAsync(values);
              update({ department: { _id: result.data._id, name: result.data.name }, step: 5 });
            }}
          />
        </Stack>
      );
      break;
    default:
      content = (
        <Stack gap="lg">
          {created(progress.clinics.length ? t('register.clinicsCreated', { names: progress.clinics.map((c) => c.name).join(', ') }) : undefined)}
          {plan === 'clinic' && progress.clinics.length > 0 ? (
            <Text size="sm" c="dimmed">{t('register.readyToFinish')}</Text>
          ) : (
            <ClinicForm
              key={progress.clinics.length}
              defaultValues={emptyClinic({ departmentId: progress.department?._id ?? '', clinicCollectionId: progress.department ? '' : progress.complex?._id ?? '' })}
              plan={plan}
              sectionIndex={false}
              submitLabel={progress.clinics.length ? t('register.addAnotherClinic') : t('register.createClinic')}
              onSubmit={async (values) => {
                const result = await createClinic.mutateAsync(values);
                update({ clinics: [...progress.clinics, { _id: result.data._id, name: result.data.name }] });
              }}
            />
          )}
        </Stack>
      );
  }

  return (
    <OnboardingLayout>
      <Stack gap="lg" py={{ base: 'sm', sm: 'lg' }}>
        <Stack gap={6} align="center" ta="center">
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>{t('register.title')}</Title>
          <Group gap="xs" justify="center">
            <Text c="dimmed">{t('register.subtitle')}</Text>
            <Badge variant="light" size="lg" tt="none" data-testid="wizard-plan">{t(`plans.items.${plan}.name`)}</Badge>
            {step === 1 && (
              <Anchor component={Link} to="/SelectPlan" size="sm">{t('register.changePlan')}</Anchor>
            )}
          </Group>
        </Stack>
        <Card padding="lg">
          <Stepper active={steps.indexOf(step)} size="sm" allowNextStepsSelect={false} data-testid="wizard-stepper">
            {steps.map((s) => (
              <Stepper.Step key={s} label={t(`register.steps.${STEP_KEYS[s]}.label`)} description={t(`register.steps.${STEP_KEYS[s]}.description`)} />
            ))}
          </Stepper>
        </Card>
        {step === 1 ? (
          <Card padding="xl" maw={640} w="100%" mx="auto" data-testid={`wizard-step-${step}`}>
            <Stack gap="lg">
              <Stack gap={2}>
                <Title order={2} fz="h3">{t('register.steps.admin.title')}</Title>
                <Text c="dimmed" size="sm">{t('register.steps.admin.hint')}</Text>
              </Stack>
              {content}
            </Stack>
          </Card>
        ) : (
          <Stack gap="md" data-testid={`wizard-step-${step}`}>
            <Stack gap={2}>
              <Title order={2} fz="h3">{t(`register.steps.${STEP_KEYS[step]}.title`)}</Title>
              <Text c="dimmed" size="sm">{t(`register.steps.${STEP_KEYS[step]}.hint`)}</Text>
            </Stack>
            {content}
          </Stack>
        )}
        <Card padding="md">
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconArrowLeft size={16} style={{ transform: 'scaleX(var(--mantine-direction-scale, 1))' }} />} disabled={!canGoBack(step, plan)} onClick={() => goTo(previousStep(step, plan))} data-testid="wizard-prev">
              {t('register.prev')}
            </Button>
            {step === 5 ? (
              <Button leftSection={<IconFlag size={16} />} onClick={() => void finish()} loading={finishing} disabled={!hasToken()} data-testid="wizard-finish">
                {t('register.finish')}
              </Button>
            ) : (
              <Button rightSection={<IconArrowRight size={16} style={{ transform: 'scaleX(var(--mantine-direction-scale, 1))' }} />} disabled={!canGoForward(step)} onClick={() => goTo(nextStep(step, plan))} data-testid="wizard-next">
                {t('register.next')}
              </Button>
            )}
          </Group>
        </Card>
      </Stack>
    </OnboardingLayout>
  );
}
