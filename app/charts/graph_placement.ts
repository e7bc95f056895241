// Where a channel graph's nodes are drawn: the types both its layouts (graph_geometry.ts's
// columns, fattree_geometry.ts's rows) give.

export interface GraphNode {
  /** A router index, or routers + t for terminal t. */
  id: number;
  px: number;
  py: number;
}

/** Where a graph's nodes go, and the spacing its routers, terminals and lines are sized by. */
export interface GraphPlacement {
  nodes: Map<number, GraphNode>;
  /** The room a router has, px: the least of its column's width and its row's height. */
  routerRoom: number;
  /** The spacing of the most crowded row or column, px: terminal dots and lines fit it. */
  spacing: number;
}
