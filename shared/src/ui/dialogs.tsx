// The form dialogs of `shared/ui`, each fetched when it first opens (when-opened.tsx). Their props and behaviour
// are those of their modules; only the moment their code arrives changes.
import type { ComponentType } from 'react';
import type { SendEmailDialog as SendEmailDialogModule } from './email/send-email-dialog';
import type { FormModalFrame as FormModalFrameModule } from './resource/form-modal-frame';
import type { ResourceFormModal as ResourceFormModalModule } from './resource/resource-form-modal';
import { whenOpened } from './when-opened';

/** A generic component as `whenOpened` takes it: its props are checked where it is used, with its own signature. */
type Loaded = Promise<ComponentType<{ open: boolean }>>;

export const FormModalFrame = whenOpened(
  () => import('./resource/form-modal-frame').then((module) => module.FormModalFrame) as Loaded,
) as typeof FormModalFrameModule;

export const ResourceFormModal = whenOpened(
  () => import('./resource/resource-form-modal').then((module) => module.ResourceFormModal) as Loaded,
) as typeof ResourceFormModalModule;

export const SendEmailDialog = whenOpened(
  () => import('./email/send-email-dialog').then((module) => module.SendEmailDialog) as Loaded,
) as typeof SendEmailDialogModule;
