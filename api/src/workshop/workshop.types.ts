import { registerEnumType } from 'type-graphql';

export enum WorkshopType {
  landscape = 'landscape',
  portrait_posing = 'portrait_posing',
  adventure = 'adventure',
  storm_chasing = 'storm_chasing',
  wildlife = 'wildlife',
}
registerEnumType(WorkshopType, { name: 'WorkshopType', description: 'The kind of photography a workshop teaches.' });

export enum DifficultyLevel {
  Easy = 'Easy',
  Moderate = 'Moderate',
  Challenging = 'Challenging',
  Extreme = 'Extreme',
}
registerEnumType(DifficultyLevel, { name: 'DifficultyLevel', description: 'Physical difficulty of a workshop.' });
