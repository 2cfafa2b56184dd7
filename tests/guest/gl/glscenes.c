/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * glscenes: deterministic GL 2.1 scenes rendered offscreen (EGL on GBM,
 * surfaceless, into a framebuffer object) for comparing crocus on the
 * emulated G45 with llvmpipe in the same guest.
 *
 *   glscenes info              GL_VENDOR/RENDERER/VERSION of desktop GL and
 *                              of OpenGL ES 2.0 on the GBM platform
 *   glscenes render OUTDIR [SCENE]
 *                              every scene (or one) as OUTDIR/NN-name.ppm, and a line
 *                              "scene NN name queried=N ms=T glerror=E" per
 *                              scene (T: drawing and reading it back)
 *
 * The scenes only use what GL 2.1 defines exactly enough to compare two
 * implementations pixel by pixel, within a per-channel tolerance the host
 * side states (tests/guest/gl-compare.py): no textures (the sampler is not
 * emulated yet), colours on exact 1/255 steps where possible.
 */
#define GL_GLEXT_PROTOTYPES 1
#define EGL_EGLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <gbm.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define W 256
#define H 256

static EGLDisplay dpy;

static void die(const char *what)
{
    fprintf(stderr, "glscenes: %s (EGL error 0x%x, GL error 0x%x)\n", what,
            eglGetError(), glGetError());
    exit(1);
}

static void open_display(void)
{
    const char *node = getenv("GLSCENES_NODE");
    struct gbm_device *gbm;
    int fd;

    fd = open(node ? node : "/dev/dri/card0", O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        die("cannot open the DRM node");
    }
    gbm = gbm_create_device(fd);
    if (!gbm) {
        die("gbm_create_device failed");
    }
    dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_MESA, gbm, NULL);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL)) {
        die("no EGL display on GBM");
    }
}

/* A surfaceless context of the API, made current. */
static EGLContext make_context(EGLenum api, int major, int minor)
{
    EGLint attrs[] = {
        EGL_CONTEXT_MAJOR_VERSION, major,
        EGL_CONTEXT_MINOR_VERSION, minor,
        EGL_NONE,
    };
    EGLContext ctx;

    if (!eglBindAPI(api)) {
        die("eglBindAPI failed");
    }
    ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attrs);
    if (ctx == EGL_NO_CONTEXT ||
        !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        die("cannot create a surfaceless context");
    }
    return ctx;
}

static void info(void)
{
    EGLContext ctx;

    printf("egl_driver %s\n",
           eglQueryString(dpy, EGL_VENDOR) ? eglQueryString(dpy, EGL_VENDOR)
                                           : "?");
    ctx = make_context(EGL_OPENGL_API, 2, 1);
    printf("gl_vendor %s\n", (const char *)glGetString(GL_VENDOR));
    printf("gl_renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("gl_version %s\n", (const char *)glGetString(GL_VERSION));
    printf("gl_glsl %s\n",
           (const char *)glGetString(GL_SHADING_LANGUAGE_VERSION));
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
    ctx = make_context(EGL_OPENGL_ES_API, 2, 0);
    printf("gles_renderer %s\n", (const char *)glGetString(GL_RENDERER));
    printf("gles_version %s\n", (const char *)glGetString(GL_VERSION));
    eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(dpy, ctx);
}

/* ---- the scenes ---- */

static GLuint query_result;

static void ortho(void)
{
    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glOrtho(0, W, 0, H, -1, 1);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
}

static void clear(float r, float g, float b)
{
    glClearColor(r, g, b, 1);
    glClearDepth(1);
    glClearStencil(0);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
}

static void tri(float x0, float y0, float x1, float y1, float x2, float y2)
{
    glBegin(GL_TRIANGLES);
    glVertex2f(x0, y0);
    glVertex2f(x1, y1);
    glVertex2f(x2, y2);
    glEnd();
}

static void rect(float x0, float y0, float x1, float y1, float z)
{
    glBegin(GL_TRIANGLE_FAN);
    glVertex3f(x0, y0, z);
    glVertex3f(x1, y0, z);
    glVertex3f(x1, y1, z);
    glVertex3f(x0, y1, z);
    glEnd();
}

static void scene_flat(void)
{
    ortho();
    clear(0, 0, 0);
    glShadeModel(GL_FLAT);
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 0, 0);
    glVertex2f(20, 20);
    glColor3ub(0, 255, 0);
    glVertex2f(230, 40);
    glColor3ub(51, 102, 204);          /* the provoking (last) vertex */
    glVertex2f(100, 235);
    glEnd();
    glShadeModel(GL_SMOOTH);
}

static void scene_smooth(void)
{
    ortho();
    clear(0.2f, 0.2f, 0.2f);
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 0, 0);
    glVertex2f(10, 10);
    glColor3ub(0, 255, 0);
    glVertex2f(246, 30);
    glColor3ub(0, 0, 255);
    glVertex2f(128, 246);
    glEnd();
}

static void scene_depth(void)
{
    /* glOrtho(.., -1, 1): window depth = (1 - z) / 2, larger z nearer */
    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glColor3ub(255, 0, 0);
    rect(20, 20, 180, 180, 0);          /* depth 0.5 */
    glColor3ub(0, 255, 0);
    rect(80, 80, 240, 240, 0.5f);       /* 0.25: in front of the red */
    glColor3ub(0, 0, 255);
    rect(40, 120, 220, 160, -0.5f);     /* 0.75: behind both */
    glDepthFunc(GL_GREATER);
    glColor3ub(255, 255, 0);
    rect(0, 0, 60, 60, -0.9f);          /* 0.95: only over drawn pixels */
    glDepthFunc(GL_LEQUAL);
    glColor3ub(255, 0, 255);
    rect(200, 10, 250, 60, -1.0f);      /* 1.0: equal to the clear */
    glDisable(GL_DEPTH_TEST);
}

static void scene_stencil(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_ALWAYS, 1, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
    glColor3ub(40, 40, 40);
    tri(10, 10, 246, 10, 128, 246);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    rect(60, 60, 200, 120, 0);         /* stencil 2 inside both */
    glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
    glStencilFunc(GL_EQUAL, 1, 0xff);
    glColor3ub(0, 200, 0);
    rect(0, 0, 256, 256, 0);
    glStencilFunc(GL_EQUAL, 2, 0xff);
    glColor3ub(200, 0, 200);
    rect(0, 0, 256, 256, 0);
    glDisable(GL_STENCIL_TEST);
}

static void scene_blend(void)
{
    static const GLenum src[] = { GL_SRC_ALPHA, GL_ONE, GL_DST_COLOR,
                                  GL_ONE_MINUS_DST_COLOR, GL_CONSTANT_COLOR,
                                  GL_ZERO, GL_SRC_ALPHA_SATURATE, GL_ONE };
    static const GLenum dst[] = { GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ZERO,
                                  GL_SRC_COLOR, GL_ONE_MINUS_CONSTANT_COLOR,
                                  GL_SRC_ALPHA, GL_ONE, GL_ONE };
    static const GLenum eq[] = { GL_FUNC_ADD, GL_FUNC_ADD, GL_FUNC_ADD,
                                 GL_FUNC_ADD, GL_FUNC_ADD, GL_FUNC_ADD,
                                 GL_FUNC_ADD, GL_FUNC_REVERSE_SUBTRACT };

    ortho();
    clear(0, 0, 0);
    /* a background of 8 grey/colour columns */
    for (int i = 0; i < 8; i++) {
        glColor4ub(32 * i, 255 - 32 * i, 128, 255);
        rect(i * 32, 0, i * 32 + 32, 256, 0);
    }
    glEnable(GL_BLEND);
    glBlendColor(0.25f, 0.5f, 0.75f, 0.5f);
    for (int i = 0; i < 8; i++) {
        glBlendFunc(src[i], dst[i]);
        glBlendEquation(eq[i]);
        glColor4ub(200, 100, 50, 128);
        rect(0, i * 32, 256, i * 32 + 24, 0);
    }
    glBlendEquation(GL_MIN);
    glColor4ub(100, 100, 100, 255);
    rect(0, 250, 128, 256, 0);
    glBlendEquation(GL_MAX);
    rect(128, 250, 256, 256, 0);
    glBlendEquation(GL_FUNC_ADD);
    glDisable(GL_BLEND);
}

static void scene_lines(void)
{
    ortho();
    clear(0, 0, 0);
    glColor3ub(255, 255, 255);
    glBegin(GL_LINES);
    for (int i = 0; i < 16; i++) {
        glVertex2f(8.5f, 8.5f + i * 15);
        glVertex2f(120.5f, 8.5f + i * 15 + i * 3);
    }
    glEnd();
    glColor3ub(0, 255, 0);
    glBegin(GL_LINE_STRIP);
    for (int i = 0; i < 10; i++) {
        glVertex2f(140.5f + (i % 2) * 100, 10.5f + i * 24);
    }
    glEnd();
    glColor3ub(255, 0, 0);
    glBegin(GL_LINE_LOOP);
    glVertex2f(150.5f, 60.5f);
    glVertex2f(230.5f, 70.5f);
    glVertex2f(190.5f, 140.5f);
    glEnd();
}

static void scene_points(void)
{
    ortho();
    clear(0, 0, 0);
    for (int s = 1; s <= 4; s++) {
        glPointSize(s);
        glBegin(GL_POINTS);
        for (int i = 0; i < 12; i++) {
            glColor3ub(60 * s, 255 - 20 * i, 20 * i);
            glVertex2f(20.5f + i * 18, 30.5f + (s - 1) * 50);
        }
        glEnd();
    }
    glPointSize(1);
}

static void scene_scissor(void)
{
    ortho();
    clear(0, 0, 0.5f);
    glEnable(GL_SCISSOR_TEST);
    glScissor(40, 50, 150, 100);
    glClearColor(0.5f, 0, 0, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glColor3ub(255, 255, 0);
    tri(0, 0, 256, 0, 128, 256);
    glDisable(GL_SCISSOR_TEST);
}

static void scene_clip(void)
{
    static const GLdouble plane[4] = { 1, 1, 0, -200 };  /* x + y >= 200 */

    glMatrixMode(GL_PROJECTION);
    glLoadIdentity();
    glFrustum(-1, 1, -1, 1, 1, 10);
    glMatrixMode(GL_MODELVIEW);
    glLoadIdentity();
    clear(0, 0, 0);
    /* crosses the near plane and the sides */
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 0, 0);
    glVertex3f(-3, -0.5f, -0.5f);
    glColor3ub(0, 255, 0);
    glVertex3f(3, -0.5f, -4);
    glColor3ub(0, 0, 255);
    glVertex3f(0, 3, -3);
    glEnd();
    /* crosses the far plane */
    glBegin(GL_TRIANGLES);
    glColor3ub(255, 255, 0);
    glVertex3f(-1, -1, -2);
    glColor3ub(0, 255, 255);
    glVertex3f(0, -2, -30);
    glColor3ub(255, 0, 255);
    glVertex3f(1, -1, -2);
    glEnd();
    /* a user clip plane */
    ortho();
    glClipPlane(GL_CLIP_PLANE0, plane);
    glEnable(GL_CLIP_PLANE0);
    glColor3ub(255, 255, 255);
    tri(100, 130, 250, 130, 250, 250);
    glDisable(GL_CLIP_PLANE0);
}

static void scene_cull(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_CULL_FACE);
    glCullFace(GL_BACK);
    glColor3ub(255, 0, 0);
    tri(10, 10, 120, 10, 60, 120);      /* CCW: front, drawn */
    glColor3ub(0, 255, 0);
    tri(140, 10, 200, 120, 250, 10);    /* CW: back, culled */
    glCullFace(GL_FRONT);
    glColor3ub(0, 0, 255);
    tri(10, 140, 60, 250, 120, 140);    /* CW: drawn */
    glColor3ub(255, 255, 0);
    tri(140, 140, 250, 140, 200, 250);  /* CCW: culled */
    glDisable(GL_CULL_FACE);
}

static void scene_offset(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glColor3ub(255, 0, 0);
    rect(20, 20, 236, 236, 0.25f);
    glEnable(GL_POLYGON_OFFSET_FILL);
    glPolygonOffset(0, -4);
    glColor3ub(0, 255, 0);
    rect(60, 60, 196, 196, 0.25f);      /* coplanar, pulled forward */
    glPolygonOffset(0, 4);
    glColor3ub(0, 0, 255);
    rect(100, 100, 156, 156, 0.25f);    /* pushed back: hidden */
    glDisable(GL_POLYGON_OFFSET_FILL);
    glDisable(GL_DEPTH_TEST);
}

static void scene_query(void)
{
    GLuint q;

    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glColor3ub(0, 0, 255);
    rect(0, 0, 128, 256, 0);
    glGenQueries(1, &q);
    glBeginQuery(GL_SAMPLES_PASSED, q);
    glColor3ub(255, 255, 255);
    rect(64, 64, 192, 192, -0.5f);      /* half behind the blue: 8192 */
    glEndQuery(GL_SAMPLES_PASSED);
    glGetQueryObjectuiv(q, GL_QUERY_RESULT, &query_result);
    glDeleteQueries(1, &q);
    glDisable(GL_DEPTH_TEST);
}

static void scene_many(void)
{
    unsigned seed = 12345;

    ortho();
    clear(0, 0, 0);
    glBegin(GL_TRIANGLES);
    for (int i = 0; i < 3000; i++) {
        for (int v = 0; v < 3; v++) {
            seed = seed * 1103515245u + 12345u;
            glColor3ub(seed >> 24, seed >> 16, seed >> 8);
            seed = seed * 1103515245u + 12345u;
            glVertex2f((seed >> 8) % 256, (seed >> 20) % 256);
        }
    }
    glEnd();
}

static void scene_prims(void)
{
    ortho();
    clear(0, 0, 0);
    glBegin(GL_QUADS);
    glColor3ub(255, 0, 0);
    glVertex2f(10, 10); glVertex2f(60, 10); glVertex2f(60, 60);
    glVertex2f(10, 60);
    glColor3ub(0, 255, 0);
    glVertex2f(70, 10); glVertex2f(120, 20); glVertex2f(110, 60);
    glVertex2f(75, 50);
    glEnd();
    glBegin(GL_QUAD_STRIP);
    for (int i = 0; i < 5; i++) {
        glColor3ub(50 * i, 100, 255 - 50 * i);
        glVertex2f(10 + i * 25, 80);
        glVertex2f(10 + i * 25, 120 + (i % 2) * 10);
    }
    glEnd();
    glBegin(GL_TRIANGLE_STRIP);
    for (int i = 0; i < 8; i++) {
        glColor3ub(30 * i, 255 - 30 * i, 128);
        glVertex2f(140 + i * 14, 10 + (i % 2) * 50);
    }
    glEnd();
    glBegin(GL_TRIANGLE_FAN);
    glColor3ub(255, 255, 255);
    glVertex2f(190, 190);
    for (int i = 0; i <= 8; i++) {
        glColor3ub(255 - 25 * i, 25 * i, 100);
        glVertex2f(190 + 50 * cosf(i * 0.6f), 190 + 50 * sinf(i * 0.6f));
    }
    glEnd();
    glBegin(GL_POLYGON);
    glColor3ub(255, 128, 0);
    glVertex2f(20, 150);
    glVertex2f(80, 140);
    glVertex2f(110, 180);
    glVertex2f(80, 240);
    glVertex2f(30, 220);
    glEnd();
}

static void scene_stipple(void)
{
    GLubyte pattern[128];

    /* rows of diagonal stripes, a different phase each row */
    for (int r = 0; r < 32; r++) {
        for (int b = 0; b < 4; b++) {
            pattern[r * 4 + b] = (GLubyte)(0xe1u >> (r % 5)) ^ (b * 0x11);
        }
    }
    ortho();
    clear(0, 0, 0);
    glEnable(GL_POLYGON_STIPPLE);
    glPolygonStipple(pattern);
    glColor3ub(255, 200, 0);
    tri(5, 5, 250, 20, 60, 250);
    glDisable(GL_POLYGON_STIPPLE);
    glColor3ub(0, 100, 255);
    tri(150, 150, 250, 150, 250, 250);  /* unstippled beside it */
}

static void scene_linestipple(void)
{
    ortho();
    clear(0, 0, 0);
    glEnable(GL_LINE_STIPPLE);
    glLineStipple(2, 0x0f3f);
    glColor3ub(255, 255, 255);
    glBegin(GL_LINES);
    for (int i = 0; i < 8; i++) {
        glVertex2f(10.5f, 10.5f + i * 12);
        glVertex2f(240.5f, 10.5f + i * 12 + i * 5);
    }
    glEnd();
    glLineStipple(3, 0x5555);
    glColor3ub(0, 255, 128);
    glBegin(GL_LINE_STRIP);
    for (int i = 0; i < 6; i++) {
        glVertex2f(20.5f + (i % 2) * 200, 130.5f + i * 20);
    }
    glEnd();
    glDisable(GL_LINE_STIPPLE);
}

/* A GLSL 1.10 program of a vertex and a fragment shader, or 0. */
static GLuint program(const char *vs, const char *fs)
{
    GLuint p = glCreateProgram();
    const char *src[2] = { vs, fs };
    GLenum type[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
    GLint ok;

    for (int i = 0; i < 2; i++) {
        GLuint sh = glCreateShader(type[i]);

        glShaderSource(sh, 1, &src[i], NULL);
        glCompileShader(sh);
        glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
        if (!ok) {
            die("a shader does not compile");
        }
        glAttachShader(p, sh);
        glDeleteShader(sh);
    }
    glLinkProgram(p);
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok) {
        die("a program does not link");
    }
    return p;
}

/* The window depth a fragment shader reads (gl_FragCoord.z) as colour. */
static void scene_fragdepth(void)
{
    GLuint p = program(
        "void main() { gl_Position = ftransform(); }\n",
        "void main() {\n"
        "  gl_FragColor = vec4(gl_FragCoord.z, 0.5, 1.0 - gl_FragCoord.z, 1.0);\n"
        "}\n");

    ortho();
    clear(0, 0, 0);
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LESS);
    glUseProgram(p);
    glBegin(GL_TRIANGLES);
    glVertex3f(10, 10, 0.9f);
    glVertex3f(246, 40, -0.9f);
    glVertex3f(80, 246, 0.0f);
    glEnd();
    glUseProgram(0);
    glDeleteProgram(p);
    glDisable(GL_DEPTH_TEST);
}

static const struct {
    const char *name;
    void (*draw)(void);
} scenes[] = {
    { "flat", scene_flat },
    { "smooth", scene_smooth },
    { "depth", scene_depth },
    { "stencil", scene_stencil },
    { "blend", scene_blend },
    { "lines", scene_lines },
    { "points", scene_points },
    { "scissor", scene_scissor },
    { "clip", scene_clip },
    { "cull", scene_cull },
    { "offset", scene_offset },
    { "query", scene_query },
    { "many", scene_many },
    { "prims", scene_prims },
    { "stipple", scene_stipple },
    { "fragdepth", scene_fragdepth },
    { "linestipple", scene_linestipple },
};

static void render(const char *dir, const char *only)
{
    static uint8_t px[W * H * 4];
    GLuint fb, rb[2];
    char path[512];

    make_context(EGL_OPENGL_API, 2, 1);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenRenderbuffers(2, rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                              GL_RENDERBUFFER, rb[0]);
    glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                              GL_RENDERBUFFER, rb[1]);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT,
                              GL_RENDERBUFFER, rb[1]);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
        die("framebuffer incomplete");
    }
    glViewport(0, 0, W, H);
    for (size_t i = 0; i < sizeof(scenes) / sizeof(scenes[0]); i++) {
        FILE *f;

        struct timespec t0, t1;

        if (only && strcmp(only, scenes[i].name)) {
            continue;
        }
        query_result = 0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        scenes[i].draw();
        glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        snprintf(path, sizeof(path), "%s/%02zu-%s.ppm", dir, i,
                 scenes[i].name);
        f = fopen(path, "wb");
        if (!f) {
            die("cannot write a frame");
        }
        fprintf(f, "P6\n%d %d\n255\n", W, H);
        for (int y = H - 1; y >= 0; y--) {       /* top row first */
            for (int x = 0; x < W; x++) {
                fwrite(&px[(y * W + x) * 4], 1, 3, f);
            }
        }
        fclose(f);
        printf("scene %02zu %s queried=%u ms=%.1f glerror=0x%x\n", i,
               scenes[i].name, query_result,
               (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6,
               glGetError());
        fflush(stdout);
    }
}

int main(int argc, char **argv)
{
    if (argc >= 2 && !strcmp(argv[1], "info")) {
        open_display();
        info();
    } else if (argc >= 3 && !strcmp(argv[1], "render")) {
        open_display();
        render(argv[2], argc > 3 ? argv[3] : NULL);
    } else {
        fprintf(stderr, "usage: glscenes info | "
                "glscenes render OUTDIR [SCENE]\n");
        return 2;
    }
    eglTerminate(dpy);
    return 0;
}
