import * as Accordion from '@radix-ui/react-accordion';
import type { ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/ui/icons';
import type { ProfileSection as Section } from '../lib/profile-form';

export interface ProfileSectionProps {
  /** One of the form's sections, or Privacy, which stands outside the form. */
  value: Section | 'privacy';
  title: string;
  children: ReactNode;
}

/**
 * One collapsible section: a heading whose button says whether it is expanded and controls the
 * region below (Radix Accordion: aria-expanded, aria-controls, region labelled by its button).
 */
export function ProfileSection({ value, title, children }: ProfileSectionProps) {
  return (
    <Accordion.Item value={value} className="profile-section">
      <Accordion.Header asChild>
        <h2 className="profile-section__heading">
          <Accordion.Trigger className="profile-section__trigger">
            <span>{title}</span>
            <ChevronDownIcon className="profile-section__chevron" />
          </Accordion.Trigger>
        </h2>
      </Accordion.Header>
      <Accordion.Content className="profile-section__content">
        <div className="profile-section__body">{children}</div>
      </Accordion.Content>
    </Accordion.Item>
  );
}
