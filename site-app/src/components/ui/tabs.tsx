import type { ReactNode } from 'react';
import * as RadixTabs from '@radix-ui/react-tabs';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

interface TabsProps {
  /** What the tab list is, for screen readers. */
  label: string;
  tabs: TabItem[];
  /** Classes beside `tabs` on the root (`card`). */
  className?: string;
  /** Classes beside `tabs__list` (`tabs__list--3` for three tabs). */
  listClassName?: string;
}

/** The site's tabs (Radix): the first tab opens first; arrow keys move between the triggers. */
export function Tabs({ label, tabs, className, listClassName }: TabsProps) {
  return (
    <RadixTabs.Root defaultValue={tabs[0]?.value} className={className ? `tabs ${className}` : 'tabs'}>
      <RadixTabs.List
        className={listClassName ? `tabs__list ${listClassName}` : 'tabs__list'}
        aria-label={label}
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger key={tab.value} value={tab.value} className="tabs__trigger">
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className="tabs__content">
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
