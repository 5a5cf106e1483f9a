/** One figure of `npm run bench`: a measured value, its unit, and the goal it is judged against. */
export interface BenchRow {
  name: string
  value: number
  unit: string
  goal?: string
  pass?: boolean
}
