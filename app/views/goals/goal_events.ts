// The trace events the goal view reads (the Multi-PSI's goals and messages), by the view's name
// for each: the one place that names them.
export const GOAL_EVENTS = {
  reduced: 'goal_reduced',
  ready: 'goal_ready',
  readyDepth: 'ready_depth',
  resumed: 'goal_resumed',
  suspended: 'goal_suspended',
  received: 'message_received',
  sent: 'message_sent',
  spawned: 'goal_spawned',
  thrown: 'goal_thrown',
} as const;

export type GoalEvent = keyof typeof GOAL_EVENTS;
