import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs as AriaTabs } from 'react-aria-components';

export type TabSpec = { id: string; label: ReactNode; content: ReactNode };

type TabsProps = {
  label: string;
  tabs: readonly TabSpec[];
  selected?: string;
  onSelect?: (id: string) => void;
  className?: string;
};

/** Views of one thing side by side under a row of tabs (react-aria's Tabs: arrows move between tabs). */
export function Tabs({ label, tabs, selected, onSelect, className }: TabsProps) {
  return (
    <AriaTabs
      className={`ui-tabs ${className ?? ''}`}
      selectedKey={selected}
      onSelectionChange={onSelect ? (key) => onSelect(String(key)) : undefined}
    >
      <TabList aria-label={label} className="ui-tab-list">
        {tabs.map((tab) => (
          <Tab key={tab.id} id={tab.id} className="ui-tab">
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {tabs.map((tab) => (
        <TabPanel key={tab.id} id={tab.id} className="ui-tab-panel">
          {tab.content}
        </TabPanel>
      ))}
    </AriaTabs>
  );
}
