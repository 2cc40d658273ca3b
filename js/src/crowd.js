export class Crowd {}
