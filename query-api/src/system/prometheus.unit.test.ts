import { parseSamples, projectionLags } from './prometheus';

const METRICS = `# HELP projection_lag_events Events appended but not yet applied
# TYPE projection_lag_events gauge
projection_lag_events{projection="jobs",service="projectors"} 3
projection_lag_events{projection="users",service="projectors"} 0
# TYPE projection_position gauge
projection_position{projection="jobs",service="projectors"} 120
projection_position{projection="users",service="projectors"} 123
# TYPE projection_lag_seconds gauge
projection_lag_seconds{projection="jobs",service="projectors"} 1.5
projection_lag_seconds{projection="users",service="projectors"} 0
# TYPE projection_stuck_seconds gauge
projection_stuck_seconds{projection="jobs",service="projectors"} 0
projection_stuck_seconds{projection="users",service="projectors"} 95.5
# TYPE projection_stuck_attempts gauge
projection_stuck_attempts{projection="jobs",service="projectors"} 0
projection_stuck_attempts{projection="users",service="projectors"} 7
# TYPE projection_stuck_event gauge
projection_stuck_event{projection="users",position="123",type="UserRegistered",error="MongoServerError: index row size 3224 exceeds \\"btree\\" maximum",service="projectors"} 1
process_cpu_seconds_total{service="projectors"} 4.2
http_request_duration_seconds_bucket{le="+Inf",route="/x \\"y\\""} 7 1700000000000
`;

describe('parseSamples', () => {
  it('reads names, labels (with escapes), values and skips comments', () => {
    expect(parseSamples(METRICS, ['http_request_duration_seconds_bucket'])).toEqual([
      { name: 'http_request_duration_seconds_bucket', labels: { le: '+Inf', route: '/x "y"' }, value: 7 },
    ]);
    expect(parseSamples('up 1\nnot a sample line at all\n')).toEqual([{ name: 'up', labels: {}, value: 1 }]);
  });
});

describe('projectionLags', () => {
  it('merges events, seconds and position per projection', () => {
    expect(projectionLags(METRICS)).toEqual([
      { projection: 'jobs', lagEvents: 3, lagSeconds: 1.5, position: 120, stuck: null },
      {
        projection: 'users',
        lagEvents: 0,
        lagSeconds: 0,
        position: 123,
        stuck: { position: 123, eventType: 'UserRegistered', error: 'MongoServerError: index row size 3224 exceeds "btree" maximum', attempts: 7, seconds: 95.5 },
      },
    ]);
  });

  it('is empty when the projectors report no projection', () => {
    expect(projectionLags('process_cpu_seconds_total 1\n')).toEqual([]);
  });
});
