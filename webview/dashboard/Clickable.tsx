// A number that opens the conversations behind it (the host shows them in a quick pick).
import type { ReactNode } from 'react';
import { bridge } from './dashboardBridge';
import type { DashboardSelector, ShowConversationsParams } from '../../src/shared/protocol/dashboard';

export function showConversations(selector: DashboardSelector, title: string): void {
  const params: ShowConversationsParams = { selector, title };
  bridge.postCommand('showConversations', params);
}

export function Num(props: {
  selector: DashboardSelector;
  title: string;
  children: ReactNode;
  className?: string;
  testId?: string;
  tabIndex?: number;
}) {
  return (
    <button
      type="button"
      className={`il-num ${props.className ?? ''}`}
      title={`Show the conversations: ${props.title}`}
      data-testid={props.testId}
      tabIndex={props.tabIndex}
      onClick={() => showConversations(props.selector, props.title)}
    >
      {props.children}
    </button>
  );
}
